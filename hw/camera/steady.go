package camera

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
)

// SteadyOptions tune Steady. The zero value is usable.
type SteadyOptions struct {
	// Frames is how many frames in a row must look the same before the
	// table counts as still (default 3).
	Frames int
	// Still is the largest change of any block between two frames, in
	// grey levels (0-255), that still counts as the same picture: sensor
	// noise, a flicker (default 6).
	Still float64
	// Change is the smallest change of some block against the last frame
	// given out that makes a new picture: one tile put down or stacked
	// (default 10).
	Change float64
	// Width is the width the frames are shrunk to before comparing
	// (default 256); blocks are 8x8 pixels of that.
	Width int
	// Logf reports frames that cannot be decoded (log.Printf when nil).
	Logf func(format string, args ...any)
}

// Steady is the turn detector at the camera end: it passes on a frame of
// src only once the table has been still for Frames frames in a row (no
// hand over the board, nothing moving) and the still picture differs from
// the last one it passed on (something was played). Frames are compared
// as small grey images in 8x8 blocks, so one tile changing shows clearly
// while noise averages out. The first still picture is always passed on.
func Steady(src Source, opt SteadyOptions) Source {
	if opt.Frames <= 0 {
		opt.Frames = 3
	}
	if opt.Still <= 0 {
		opt.Still = 6
	}
	if opt.Change <= 0 {
		opt.Change = 10
	}
	if opt.Width <= 0 {
		opt.Width = 256
	}
	if opt.Logf == nil {
		opt.Logf = Options{}.withDefaults().Logf
	}
	return &steady{src: src, opt: opt}
}

type steady struct {
	src  Source
	opt  SteadyOptions
	prev *image.Gray // the frame before
	run  int         // frames in a row that matched the one before
	last *image.Gray // the last frame passed on
}

func (s *steady) Next(ctx context.Context) (Frame, error) {
	for {
		f, err := s.src.Next(ctx)
		if err != nil {
			return f, err
		}
		img, err := jpeg.Decode(bytes.NewReader(f.JPEG))
		if err != nil {
			s.opt.Logf("camera: steady: skipping %s: %v", f.Name, err)
			continue
		}
		small := shrinkGrey(img, s.opt.Width)
		if s.prev != nil && sameSize(s.prev, small) && blockDiff(s.prev, small) <= s.opt.Still {
			s.run++
		} else {
			s.run = 1
		}
		s.prev = small
		if s.run < s.opt.Frames {
			continue
		}
		if s.last != nil && sameSize(s.last, small) && blockDiff(s.last, small) < s.opt.Change {
			continue // still, but nothing new
		}
		s.last = small
		return f, nil
	}
}

func (s *steady) Close() error { return s.src.Close() }

// Seek passes a demo's Seek through, and forgets the pictures seen.
func (s *steady) Seek(turn int) error {
	sk, ok := s.src.(Seeker)
	if !ok {
		return fmt.Errorf("camera: this camera cannot seek")
	}
	s.prev, s.last, s.run = nil, nil, 0
	return sk.Seek(turn)
}

func sameSize(a, b *image.Gray) bool { return a.Rect.Eq(b.Rect) }

// shrinkGrey returns img as a grey image w pixels wide, each pixel the
// mean of the source pixels it covers. For the YCbCr images JPEG decodes
// to, it reads the luma plane directly.
func shrinkGrey(img image.Image, w int) *image.Gray {
	b := img.Bounds()
	if b.Dx() < w {
		w = max(b.Dx(), 1)
	}
	h := max(b.Dy()*w/max(b.Dx(), 1), 1)
	out := image.NewGray(image.Rect(0, 0, w, h))
	sum := make([]uint32, w*h)
	cnt := make([]uint32, w*h)
	// col[x] is the output column of source column x.
	col := make([]int, b.Dx())
	for x := range col {
		col[x] = x * w / b.Dx()
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := (y - b.Min.Y) * h / b.Dy() * w
		s, c := sum[row:row+w], cnt[row:row+w]
		switch m := img.(type) {
		case *image.YCbCr:
			lum := m.Y[m.YOffset(b.Min.X, y):]
			for x, ox := range col {
				s[ox] += uint32(lum[x])
				c[ox]++
			}
		case *image.Gray:
			lum := m.Pix[m.PixOffset(b.Min.X, y):]
			for x, ox := range col {
				s[ox] += uint32(lum[x])
				c[ox]++
			}
		default:
			for x, ox := range col {
				r, g, bl, _ := img.At(b.Min.X+x, y).RGBA()
				s[ox] += (19595*r + 38470*g + 7471*bl + 1<<15) >> 24
				c[ox]++
			}
		}
	}
	for i := range out.Pix {
		if cnt[i] > 0 {
			out.Pix[i] = uint8(sum[i] / cnt[i])
		}
	}
	return out
}

// blockDiff is the largest mean absolute difference, over every 8x8 window
// at even positions, between two grey images of the same size. The windows
// overlap, so a change the size of a tile always falls mostly inside one
// window however it sits on the pixel grid.
func blockDiff(a, b *image.Gray) float64 {
	const n = 8
	w, h := a.Rect.Dx(), a.Rect.Dy()
	// sum is the integral image of |a-b|, one row and column of zeros first.
	sum := make([]int32, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		ra, rb := a.Pix[y*a.Stride:], b.Pix[y*b.Stride:]
		row := int32(0)
		for x := 0; x < w; x++ {
			v := int32(ra[x]) - int32(rb[x])
			if v < 0 {
				v = -v
			}
			row += v
			sum[(y+1)*(w+1)+x+1] = sum[y*(w+1)+x+1] + row
		}
	}
	bw, bh := min(n, w), min(n, h)
	worst := int32(0)
	for y := 0; y+bh <= h; y += 2 {
		for x := 0; x+bw <= w; x += 2 {
			d := sum[(y+bh)*(w+1)+x+bw] - sum[y*(w+1)+x+bw] - sum[(y+bh)*(w+1)+x] + sum[y*(w+1)+x]
			worst = max(worst, d)
		}
	}
	return float64(worst) / float64(bw*bh)
}
