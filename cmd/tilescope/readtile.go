//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	_ "image/gif" // crops in any common format
	_ "image/jpeg"
	_ "image/png"
	"io"
	"os"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/tesseract"
)

func init() {
	register(command{name: "read-tile", summary: "read the letter on tile crops: PATH<TAB>LETTER<TAB>CONF", run: runReadTile})
}

func runReadTile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("read-tile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	alphabet := fs.String("alphabet", "en", "en (A-Z, Qu) or ru (Cyrillic and the action tiles) or all")
	backend := fs.String("backend", "ours", "ours (our classifier), cascade (ours with its specialist for blurred crops, English), tesseract, or tesseract4 (Tesseract trying the four quarter turns)")
	modelPath := fs.String("model", "", "read with this model file instead of the built-in one (backend ours; backend cascade: the specialist)")
	angle := fs.Bool("angle", false, "add a fourth column: the tile's rotation in degrees, counter-clockwise")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope read-tile [--alphabet en|ru|all] [--backend ours|cascade|tesseract] IMAGE...")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("read-tile: %v", err)
	}
	if fs.NArg() == 0 {
		return usageErrorf("read-tile: no IMAGE given")
	}
	rd, closeFn, err := openReader(*backend, *alphabet, *modelPath)
	if err != nil {
		return err
	}
	defer closeFn()
	for _, path := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		img, err := readImageFile(path)
		if err != nil {
			return err
		}
		r, err := rd.Read(img)
		if err != nil {
			if errors.Is(err, ocr.ErrEmptyImage) {
				return usageErrorf("read-tile: %s: empty image", path)
			}
			return fmt.Errorf("read-tile: %s: %w", path, err)
		}
		letter := r.Letter
		if letter == "" {
			letter = "."
		}
		if *angle {
			fmt.Fprintf(stdout, "%s\t%s\t%.3f\t%.1f\n", path, letter, r.Conf, r.Angle)
		} else {
			fmt.Fprintf(stdout, "%s\t%s\t%.3f\n", path, letter, r.Conf)
		}
	}
	return nil
}

// openReader returns the reader for a backend, and a function to release it.
func openReader(backend, alphabet, modelPath string) (ocr.Reader, func(), error) {
	switch alphabet {
	case ocr.English, ocr.Russian, ocr.All:
	default:
		return nil, nil, usageErrorf("unknown --alphabet %q (want en, ru or all)", alphabet)
	}
	switch backend {
	case "cascade":
		// our classifier with its specialist for blurred crops, as the
		// Upwords board reader consults it (ocr.Cascade)
		if alphabet != ocr.English {
			return nil, nil, usageErrorf("--backend cascade reads English only (no specialist for --alphabet %s)", alphabet)
		}
		if modelPath != "" {
			main, err := ocr.LoadModel(ocr.English)
			if err != nil {
				return nil, nil, err
			}
			spec, err := readModelFile(modelPath)
			if err != nil {
				return nil, nil, err
			}
			c, err := ocr.NewBlurCascade(main, spec)
			if err != nil {
				return nil, nil, usageErrorf("--model %s: %v", modelPath, err)
			}
			return ocr.Cascade{Classifier: c}, func() {}, nil
		}
		rd, err := ocr.Default(ocr.English)
		if err != nil {
			return nil, nil, err
		}
		return ocr.Cascade{Classifier: rd.(*ocr.Classifier)}, func() {}, nil
	case "ours":
		if modelPath != "" {
			data, err := os.ReadFile(modelPath)
			if err != nil {
				return nil, nil, usageErrorf("--model: %v", err)
			}
			m, err := ocr.DecodeModel(data)
			if err != nil {
				return nil, nil, usageErrorf("--model %s: %v", modelPath, err)
			}
			c, err := ocr.NewClassifier(m)
			if err != nil {
				return nil, nil, usageErrorf("--model %s: %v", modelPath, err)
			}
			return c, func() {}, nil
		}
		if alphabet == ocr.English {
			// English crops may be Scrabble squares (dark tiles, value
			// numbers, premium print): the general model with the one
			// trained on Scrabble squares (ocr.SquareReader), when the
			// binary has it.
			sq, err := ocr.ForSquares()
			if err == nil {
				return sq, func() {}, nil
			}
			if !errors.Is(err, ocr.ErrNoModel) {
				return nil, nil, err
			}
		}
		rd, err := ocr.Default(alphabet)
		if err != nil {
			return nil, nil, err
		}
		return rd, func() {}, nil
	case "tesseract", "tesseract4":
		t, err := tesseract.New(alphabet)
		if err != nil {
			return nil, nil, err
		}
		t.Turns = backend == "tesseract4"
		return t, func() { t.Close() }, nil
	}
	return nil, nil, usageErrorf("unknown --backend %q (want ours, cascade, tesseract or tesseract4)", backend)
}

// readModelFile reads a model file; a missing or corrupt one is bad input.
func readModelFile(path string) (*ocr.Model, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usageErrorf("--model: %v", err)
	}
	m, err := ocr.DecodeModel(data)
	if err != nil {
		return nil, usageErrorf("--model %s: %v", path, err)
	}
	return m, nil
}

// readImageFile decodes an image file; a missing or corrupt file is bad
// input naming the file.
func readImageFile(path string) (image.Image, error) {
	img, err := readPhotoFile("read-tile", path)
	if err != nil {
		return nil, err
	}
	if img.Bounds().Empty() {
		return nil, usageErrorf("read-tile: %s: empty image", path)
	}
	return img, nil
}
