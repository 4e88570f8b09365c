// Package tesseract reads a tile crop with the Tesseract OCR engine
// (through github.com/otiai10/gosseract/v2 and Debian's libtesseract 5.3
// with the eng and rus language data). It implements ocr.Reader as a second
// opinion beside our own classifier: Tesseract is built for lines of text,
// reads isolated, rotated letters poorly and takes milliseconds per crop.
//
// Page segmentation is set to 10 (a single character) with SetVariable
// ("tessedit_pageseg_mode"), because gosseract v2.4.1 loses a
// SetPageSegMode made before the first recognition. The character
// whitelist is set per alphabet, though the LSTM engine honours it only
// loosely. The crop is turned grey, scaled so the tile is about 96 pixels
// high and framed in a white border before recognition; the symbol with
// the highest confidence is the reading. With Turns set, the four quarter
// turns are tried and the most confident kept (four times slower).
package tesseract
