package loose

import "testing"

// TestDarkFacesOnLightCloth: tiles whose faces are darker than a light
// cloth (tan on pale grey) and no larger than the black-hat's kernel
// (small tiles far from the camera): to that kernel the whole face is
// dark, the ring round each letter no lighter than its surroundings,
// and no face colour was found ("no dark letters on light faces"). The
// face round a letter is light to a black-hat the size of a letter
// (tileMask's second ring), so the faces are found there; tiles larger
// than the kernel, and light tiles on a dark table, are found as before.
func TestDarkFacesOnLightCloth(t *testing.T) {
	type rgb [3]byte
	cases := []struct {
		name        string
		side        int // tile side, pixels (the kernel is 21 at 800 px)
		cloth, face rgb
	}{
		{"tan tiles smaller than the kernel on pale grey cloth", 19, rgb{205, 205, 200}, rgb{185, 150, 105}},
		{"tan tiles larger than the kernel on pale grey cloth", 34, rgb{205, 205, 200}, rgb{185, 150, 105}},
		{"cream tiles on dark felt", 19, rgb{40, 70, 45}, rgb{235, 225, 200}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			const w, h = 800, 600
			pix := make([]byte, 3*w*h)
			isFace := make([]bool, w*h)
			set := func(x, y int, v rgb) {
				copy(pix[3*(y*w+x):], v[:])
			}
			for i := 0; i < w*h; i++ {
				copy(pix[3*i:], c.cloth[:])
			}
			// Twelve tiles, apart, each with a letter H of 2 px strokes
			// half the tile high at its middle.
			pitch := c.side + 12
			for n := 0; n < 12; n++ {
				x0, y0 := 200+pitch*(n%4), 200+pitch*(n/4)
				for y := y0; y < y0+c.side; y++ {
					for x := x0; x < x0+c.side; x++ {
						set(x, y, c.face)
						isFace[y*w+x] = true
					}
				}
				l := c.side / 2
				lx, ly := x0+(c.side-l)/2, y0+(c.side-l)/2
				for d := 0; d < l; d++ {
					for s := 0; s < 2; s++ {
						set(lx+s, ly+d, rgb{40, 35, 30})
						set(lx+l-2+s, ly+d, rgb{40, 35, 30})
						set(lx+d, ly+l/2+s, rgb{40, 35, 30})
					}
				}
			}
			src, gray := rgbMats(t, w, h, pix)
			defer src.Close()
			defer gray.Close()
			masks, _, _, err := tileMask(src, gray, w, h, float64(max(w, h)), false, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(masks) == 0 {
				t.Fatal("no face colour found")
			}
			// The best mask covers most of the faces and little cloth.
			best, bestOff, faces := 0, 0, 0
			for i := range isFace {
				if isFace[i] {
					faces++
				}
			}
			for _, m := range masks {
				on, off := 0, 0
				for i, v := range m.m {
					if v == 0 {
						continue
					}
					if isFace[i] {
						on++
					} else {
						off++
					}
				}
				if on > best {
					best, bestOff = on, off
				}
			}
			if 10*best < 7*faces {
				t.Errorf("the face mask covers %d of %d face pixels, want 70 %% or more", best, faces)
			}
			if 10*bestOff > faces {
				t.Errorf("the face mask covers %d cloth pixels, want under a tenth of the faces' %d", bestOff, faces)
			}
		})
	}
}

// TestSmallTilesOnLightCloth: a rendered Lexicon table (difficulty hard)
// of small tan tiles on the pale checked cloth, dim and blurred: no face
// colour was found at the finer working size ("no dark letters on light
// faces", none of 11 tiles found before). The second ring finds the
// faces: half the tiles or more on their outline, none read wrong and
// sure (scanHardLexicon), few reported off the tiles.
func TestSmallTilesOnLightCloth(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans a scene")
	}
	rd := englishReader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"eleven small tiles, dim, blur 2.4 px", 95623},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scanHardLexicon(t, rd, tc.seed)
			if 2*s.Matched < s.Truth {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want half or more", s.Matched, s.Truth)
			}
			if extra := s.Found - s.Matched; 10*extra > s.Truth {
				t.Errorf("%d of %d reported tiles off any tile's outline", extra, s.Found)
			}
		})
	}
}
