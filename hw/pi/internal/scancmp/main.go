package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
)

// Tolerances, as the package comment gives them.
const (
	pointTol  = 3.0
	angleTol  = 2.0
	heightTol = 1.0
	confTol   = 0.25
	sureConf  = 0.9
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: scancmp A.json B.json")
		return 2
	}
	var v [2]any
	for i, name := range args {
		b, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "scancmp: %v\n", err)
			return 2
		}
		if err := json.Unmarshal(b, &v[i]); err != nil {
			fmt.Fprintf(stderr, "scancmp: %s: not JSON: %v\n", name, err)
			return 2
		}
	}
	allowed, err := compare(v[0], v[1])
	for _, a := range allowed {
		fmt.Fprintln(stdout, "within tolerance:", a)
	}
	if err != nil {
		fmt.Fprintln(stdout, "beyond tolerance:", err)
		return 1
	}
	return 0
}

// compare walks two JSON values side by side; it returns the differences
// it allowed and the first one it did not.
func compare(a, b any) (allowed []string, err error) {
	c := &cmp{}
	err = c.walk("", "", a, b, nil, nil)
	return c.allowed, err
}

type cmp struct{ allowed []string }

// walk compares a and b found at path under key (the nearest object key,
// which names what a number is); pa and pb are the objects holding them.
func (c *cmp) walk(path, key string, a, b any, pa, pb map[string]any) error {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok || len(av) != len(bv) {
			return fmt.Errorf("%s: objects of other fields", path)
		}
		for _, k := range slices.Sorted(maps.Keys(av)) {
			x := av[k]
			y, ok := bv[k]
			if !ok {
				return fmt.Errorf("%s: %q on one side only", path, k)
			}
			if err := c.walk(path+"."+k, k, x, y, av, bv); err != nil {
				return err
			}
		}
		return nil
	case []any:
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			return fmt.Errorf("%s: lists of other lengths", path)
		}
		for i := range av {
			if err := c.walk(fmt.Sprintf("%s[%d]", path, i), key, av[i], bv[i], pa, pb); err != nil {
				return err
			}
		}
		return nil
	case float64:
		bv, ok := b.(float64)
		if !ok {
			return fmt.Errorf("%s: a number and %v", path, b)
		}
		if av == bv {
			return nil
		}
		d := math.Abs(av - bv)
		tol := 0.0
		switch key {
		case "center", "corners":
			tol = pointTol
		case "angle":
			d = math.Min(d, 360-math.Mod(d, 360))
			tol = angleTol
		case "height":
			tol = heightTol
		case "conf":
			if d <= confTol {
				return nil // not worth a line
			}
		}
		if d > tol {
			return fmt.Errorf("%s: %v and %v", path, av, bv)
		}
		c.allowed = append(c.allowed, fmt.Sprintf("%s: %v and %v", path, av, bv))
		return nil
	default: // strings, booleans, null
		if a == b {
			return nil
		}
		if key == "letter" && (unsure(pa) || unsure(pb)) {
			c.allowed = append(c.allowed, fmt.Sprintf("%s: %v and %v (not sure: conf %v and %v)", path, a, b, pa["conf"], pb["conf"]))
			return nil
		}
		return fmt.Errorf("%s: %v and %v", path, a, b)
	}
}

// unsure says whether the object a letter is in gives it a conf below
// sureConf.
func unsure(o map[string]any) bool {
	f, ok := o["conf"].(float64)
	return ok && f < sureConf
}
