package upwords

import (
	"fmt"

	"github.com/tilescope/tilescope/scoring/grid"
)

// Code names the rule a rejected turn breaks; the values are the codes of
// DESIGN.md's JSON.
type Code string

// The rejection codes, in the order Judge checks them.
const (
	RemovedTile    Code = "removed_tile"
	NoChange       Code = "no_change"
	TwoOnStack     Code = "two_on_stack"
	TooHigh        Code = "too_high"
	SameLetter     Code = "same_letter"
	TooManyTiles   Code = "too_many_tiles"
	NotInLine      Code = "not_in_line"
	Gap            Code = "gap"
	FirstNotCentre Code = "first_not_centre"
	FirstTooShort  Code = "first_too_short"
	NotConnected   Code = "not_connected"
	CoversWord     Code = "covers_word"
	PluralOnly     Code = "plural_only"
	NotAWord       Code = "not_a_word"
)

// Codes lists every code in the order Judge checks them.
var Codes = []Code{RemovedTile, NoChange, TwoOnStack, TooHigh, SameLetter, TooManyTiles,
	NotInLine, Gap, FirstNotCentre, FirstTooShort, NotConnected, CoversWord, PluralOnly, NotAWord}

// NoPos is the Pos of a rejection that is about no square in particular.
var NoPos = grid.Pos{Row: -1, Col: -1}

// Rejection is an illegal turn: the rule broken (Code), the square it is
// about (Pos; NoPos when none), and a message for the players that names
// the square and the rule.
type Rejection struct {
	Code Code
	Pos  grid.Pos
	Msg  string
}

func (e *Rejection) Error() string { return "upwords: " + e.Msg }

func reject(code Code, p grid.Pos, format string, a ...any) *Rejection {
	msg := fmt.Sprintf(format, a...)
	if p != NoPos {
		msg = p.String() + ": " + msg
	}
	return &Rejection{Code: code, Pos: p, Msg: msg}
}
