// Package ocr reads one tile: a crop of a tile or a board square in, a
// letter (or "no tile"), a confidence and the tile's rotation out.
//
// Reader is the one interface; Default returns our own classifier, trained
// from fonts and real photos and embedded in the binary. The Tesseract
// backend (package ocr/tesseract) implements the same interface as a second
// opinion.
package ocr
