// Package synth draws photo-like crops of single tiles and empty board
// squares from fonts, for training and testing the tile classifier.
//
// A tile is drawn upright on its own small canvas (face colour, shading,
// rounded corners, the glyph from one of several typefaces, optionally a
// Scrabble-style point value in a corner), then warped into the crop with a
// random rotation, scale and perspective over a random background (table,
// board square, neighbouring tiles), and degraded: blur, uneven light,
// noise, JPEG. Empty samples are board squares (plain, with premium labels,
// or with a letter printed on the board, which is not a tile) and table
// texture. Everything is driven by one *rand.Rand, so a seed reproduces a
// sample exactly.
//
// The four Scrabble Twists & Turns action tiles are drawn with our own
// icons (IconMask): skip is a ring with a slash, reverse two opposite
// arrows, give2/give3 a "+2"/"+3".
package synth
