// Package democache keeps the photos of a game's recorded demo game
// (game.Demo) on disk, so that `serve --camera demo` draws them once and
// later starts read them back at once.
//
// An entry is one file per game and key (the recorded game, the scenes'
// seed, the renderer's version: anything that changes the photos changes
// the key, and so the file). A file carries a checksum of its contents:
// a corrupt or partial file is reported (ErrCorrupt) and never served, and
// Get draws the photos again over it. Files are written to a temporary
// name and renamed, so a reader never sees half a file.
package democache
