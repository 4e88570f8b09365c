// Package upwords is Upwords at the table (internal/game's Game): the
// 10x10 (or classic 8x8) board of letter stacks in the grid text format,
// read from a photo by vision/upwords.ScanUpwords with the project's tile reader,
// reconciled with the game as it stands (game.ReconcileUpwordsJudged),
// judged by scoring/upwords, and tallied with 5 points off per tile left on
// a rack.
//
// It is registered from the main package (cmd/tilescope/games.go) with
// game.Register(upwords.Game{}); docs/games.md shows how a game is built.
package upwords
