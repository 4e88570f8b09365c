package twists

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Align puts the table before a turn on the lattice of the table after it.
// Each photo's lattice is fitted on its own, so the same tile can have
// different rows and columns in the two, and the tables can differ in size.
// Align shifts before by the offset (dr, dc) under which the most of its
// tiles reappear unchanged in after (no shift when every tile is already in
// place; among equals, the smallest shift) and returns it as a board of
// after's size, so that every position means the same cell in both. A tile
// of before that falls outside after is a tile that left the table: a
// *Rejection with code removed_tile.
func Align(before, after *Board) (*Board, int, int, error) {
	count := func(dr, dc int) int {
		n := 0
		for r := 0; r < before.Rows; r++ {
			for c := 0; c < before.Cols; c++ {
				ch := before.cells[r*before.Cols+c]
				if ch != 0 && after.At(Pos{Row: r + dr, Col: c + dc}) == ch {
					n++
				}
			}
		}
		return n
	}
	tiles := 0
	for _, ch := range before.cells {
		if ch != 0 {
			tiles++
		}
	}
	dr, dc := 0, 0
	best := count(0, 0)
	if best < tiles {
		for r := -before.Rows + 1; r < after.Rows; r++ {
			for c := -before.Cols + 1; c < after.Cols; c++ {
				n := count(r, c)
				if n > best || n == best && abs(r)+abs(c) < abs(dr)+abs(dc) {
					best, dr, dc = n, r, c
				}
			}
		}
	}
	out := NewBoard(after.Rows, after.Cols)
	for r := 0; r < before.Rows; r++ {
		for c := 0; c < before.Cols; c++ {
			ch := before.cells[r*before.Cols+c]
			if ch == 0 {
				continue
			}
			p := Pos{Row: r + dr, Col: c + dc}
			if !out.In(p) {
				return nil, dr, dc, reject(CodeRemovedTile, "row %d, column %d of the table before: the tile %c is not on the table after", r, c, ch)
			}
			out.Set(p, ch)
		}
	}
	return out, dr, dc, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ScanTile is one tile as `tilescope scan --game twists --json` reports it
// (DESIGN.md): the letter (or an action's name: skip, reverse, give2,
// give3) and its row and column on the fitted lattice.
type ScanTile struct {
	Letter string `json:"letter"`
	Row    int    `json:"row"`
	Col    int    `json:"col"`
}

// FromTiles builds a table from scanned tiles, shifting the lattice so its
// first row and column are 0. Tiles with no letter are skipped.
func FromTiles(tiles []ScanTile, alpha Alphabet) (*Board, error) {
	var kept []ScanTile
	for _, t := range tiles {
		if t.Letter != "" {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("no tiles")
	}
	r0, c0, r1, c1 := kept[0].Row, kept[0].Col, kept[0].Row, kept[0].Col
	for _, t := range kept {
		r0, c0, r1, c1 = min(r0, t.Row), min(c0, t.Col), max(r1, t.Row), max(c1, t.Col)
	}
	if r1-r0 >= MaxSize || c1-c0 >= MaxSize {
		return nil, fmt.Errorf("the tiles span %d rows and %d columns; at most %d", r1-r0+1, c1-c0+1, MaxSize)
	}
	b := NewBoard(r1-r0+1, c1-c0+1)
	for i, t := range kept {
		var ch rune
		if a, ok := ActionByName(t.Letter); ok {
			ch = rune(a)
		} else if up := strings.ToUpper(t.Letter); utf8.RuneCountInString(up) == 1 {
			ch, _ = utf8.DecodeRuneInString(up)
		}
		if ch == 0 || !isAction(ch) && !alpha.Letter(ch) {
			return nil, fmt.Errorf("tile %d: %q is not a letter of the game (%s) or an action tile", i+1, t.Letter, alpha)
		}
		p := Pos{Row: t.Row - r0, Col: t.Col - c0}
		if b.At(p) != 0 {
			return nil, fmt.Errorf("tile %d: two tiles at row %d, column %d", i+1, t.Row, t.Col)
		}
		b.Set(p, ch)
	}
	return b, nil
}

// ParseScan reads the JSON of `tilescope scan --game twists --json`
// ({"tiles":[{"letter":"А","row":r,"col":c,...}]}) as a table. Errors are
// *grid.ParseError naming the file.
func ParseScan(r io.Reader, name string, alpha Alphabet) (*Board, error) {
	var scan struct {
		Tiles []ScanTile `json:"tiles"`
	}
	if err := json.NewDecoder(r).Decode(&scan); err != nil {
		return nil, &grid.ParseError{File: name, Line: 1, Msg: "scan JSON: " + err.Error()}
	}
	b, err := FromTiles(scan.Tiles, alpha)
	if err != nil {
		return nil, &grid.ParseError{File: name, Line: 1, Msg: "scan JSON: " + err.Error()}
	}
	return b, nil
}
