package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/vision/loose"
)

// moveGrid carries a board label (vision/scrabble's grid text: 15 rows of
// squares, "#" comments, and a "# corners:" line with the playing grid's
// four corners x,y in the photo's pixels) through the warp: the corners
// mapped, every other line as it was. The squares need no change: they
// are the board's, not the photo's. name is used in errors.
func moveGrid(text string, g warp, name string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	found := false
	for i, line := range lines {
		body := strings.TrimSpace(line)
		if !strings.HasPrefix(body, "#") {
			continue
		}
		body = strings.TrimSpace(strings.TrimPrefix(body, "#"))
		if !strings.HasPrefix(strings.ToLower(body), "corners:") {
			continue
		}
		fs := strings.Fields(body[len("corners:"):])
		if len(fs) != 4 {
			return "", fmt.Errorf("%s: corners: want four corners x,y, got %d", name, len(fs))
		}
		var b strings.Builder
		b.WriteString("# corners:")
		for _, f := range fs {
			xs, ys, ok := strings.Cut(f, ",")
			x, e1 := strconv.ParseFloat(xs, 64)
			y, e2 := strconv.ParseFloat(ys, 64)
			if !ok || e1 != nil || e2 != nil {
				return "", fmt.Errorf("%s: corner %q is not x,y", name, f)
			}
			q := g.apply(loose.Point{X: x, Y: y})
			fmt.Fprintf(&b, " %.1f,%.1f", q.X, q.Y)
		}
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
		lines[i] = b.String()
		found = true
	}
	if !found {
		return "", fmt.Errorf("%s: no # corners: line", name)
	}
	return strings.Join(lines, ""), nil
}
