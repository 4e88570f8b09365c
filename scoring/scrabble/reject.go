package scrabble

import (
	"errors"
	"fmt"
)

// Code names the rule a refused turn breaks: DESIGN.md's codes where
// Upwords has the same rule, and changed_tile for a tile that turned into
// another.
type Code string

// The codes, in the order Judge checks them.
const (
	RemovedTile    Code = "removed_tile"
	ChangedTile    Code = "changed_tile"
	NoChange       Code = "no_change"
	TooManyTiles   Code = "too_many_tiles"
	NotInLine      Code = "not_in_line"
	Gap            Code = "gap"
	FirstNotCentre Code = "first_not_centre"
	FirstTooShort  Code = "first_too_short"
	NotConnected   Code = "not_connected"
	NotInSet       Code = "not_in_set"
	NotAWord       Code = "not_a_word"
)

// Codes lists every code in the order Judge checks them.
var Codes = []Code{RemovedTile, ChangedTile, NoChange, TooManyTiles, NotInLine, Gap,
	FirstNotCentre, FirstTooShort, NotConnected, NotInSet, NotAWord}

// NoPos is the Pos of a refusal about no square in particular.
var NoPos = Pos{-1, -1}

// Rejection is a refused turn: the rule broken, the square it is about
// (NoPos when none) and a message for the players naming the tile and the
// rule.
type Rejection struct {
	Code Code
	Pos  Pos
	Msg  string
}

func (e *Rejection) Error() string { return "scrabble: " + e.Msg }

func reject(code Code, p Pos, format string, a ...any) *Rejection {
	msg := fmt.Sprintf(format, a...)
	if p != NoPos {
		msg = p.String() + ": " + msg
	}
	return &Rejection{Code: code, Pos: p, Msg: msg}
}

// ErrNilBoard: Judge was given no board.
var ErrNilBoard = errors.New("scrabble: no board")
