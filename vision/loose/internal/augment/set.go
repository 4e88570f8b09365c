package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/vision/loose"
)

// photometric says whether family leaves every pixel where it is (a
// rendered scene's truth JSON then holds for the copy unchanged).
func photometric(family string) bool {
	switch family {
	case "wb", "dark", "bright", "jpeg", "noise", "defocus":
		return true
	}
	return false
}

// sceneTruth is the part of a rendered scene's truth JSON (`tilescope
// render-set`) that the draw needs: the tiles' corners in pixels.
type sceneTruth struct {
	Tiles []struct {
		Corners [][2]float64 `json:"corners"`
	} `json:"tiles"`
}

// runSet writes the rendered scenes in dir (each IMAGE with
// IMAGE-without-extension.json beside it) through a photometric family
// into out, each as NAME.jpg with its truth JSON copied beside it, for
// `tilescope eval-loose --set OUT`. The draws are made as run makes them
// (the seed, the family and the scene's place in the sorted list), the
// tile side from the truth's corners.
func runSet(dir, family string, seed int64, out string) error {
	if !photometric(family) {
		return fmt.Errorf("-set takes a family that moves no pixel (wb, dark, bright, jpeg, noise, defocus), not %q", family)
	}
	var names []string
	for _, pat := range []string{"*.jpg", "*.png"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		names = append(names, m...)
	}
	sort.Strings(names)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var log strings.Builder
	i := 0
	for _, path := range names {
		base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		js, err := os.ReadFile(filepath.Join(dir, base+".json"))
		if err != nil {
			continue
		}
		var t sceneTruth
		if err := json.Unmarshal(js, &t); err != nil {
			return fmt.Errorf("%s.json: %w", base, err)
		}
		var ls []label
		for _, tile := range t.Tiles {
			var o []loose.Point
			for _, c := range tile.Corners {
				o = append(o, loose.Point{X: c[0], Y: c[1]})
			}
			ls = append(ls, label{outline: o})
		}
		rng := drawRand(seed, family, i)
		i++
		d, _, err := transformed(path, family, rng, filepath.Join(out, base+".jpg"), func(int, int) ([]label, error) { return ls, nil })
		if err != nil {
			return fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		if err := os.WriteFile(filepath.Join(out, base+".json"), js, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&log, "%s %s %s\n", base, family, d.what)
	}
	if i == 0 {
		return fmt.Errorf("%s: no images with a truth JSON beside them", dir)
	}
	return os.WriteFile(filepath.Join(out, "augment.txt"), []byte(log.String()), 0o644)
}
