package main

import (
	"context"
	"io"
)

// gameScorers holds the score command's scorers for games other than
// upwords and lexicon, by --game name; each gets the arguments after
// --game X.
var gameScorers = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) error{}
