package scrabble

// sameEveryTurn: letters that look the same at every quarter turn (O,
// X), which no doubt of the board's direction can make wrong.
func sameEveryTurn(s string) bool { return s == "O" || s == "X" }

// unorientedConf is the most a letter is trusted on a board whose
// letters gave no clear vote for which side is up (Reading.Oriented
// false), unless it looks the same every way up (sameEveryTurn): each
// letter there was read at whatever angle suited it, and a turned
// letter may read as another.
const unorientedConf = 0.5
