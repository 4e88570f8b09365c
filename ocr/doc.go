// Package ocr reads one tile: a crop of a tile or a board square in, a
// letter (or "no tile"), a confidence and the tile's rotation out.
//
// Reader is the one interface; Default returns our own classifier, trained
// by `make train` from fonts, real photos and rendered scenes and embedded
// in the binary (ocr/model). The Tesseract backend (package ocr/tesseract)
// implements the same interface as a second opinion.
//
// The classifier is built for a known, small set of glyphs:
//
//   - normalise: reduce the crop to a small working image (the Upwords
//     reader, ForUpwords, also smooths it over 3x3 pixels: a dim face's
//     noise lessened); split ink from tile face with Otsu's threshold
//     (ink is the minority in the centre);
//     take the letter as the central ink components, leaving out the crop
//     border's and small far pieces such as a point value; estimate the
//     rotation modulo 90 degrees from the tile face's outline and from the
//     histogram of gradient orientations (a few candidates);
//   - sample a letter patch turned upright modulo 90 degrees and scaled to
//     the letter, and a coarser context patch showing the tile's edges;
//   - describe them with HOG features, low-resolution pixels and colour
//     statistics;
//   - classify with a small soft-max network over (glyph, quarter turn)
//     pairs: a letter's probability is the sum over its turns, so a crop
//     that is an N one way up and a Z the other gets a lowered confidence
//     rather than a guess; the best turn gives the angle.
//
// Candidate rotations are tried until one reading is sure.
//
// The default English classifier carries a second model, a specialist for
// blurred crops (ocr/model/en-blur.tsm), trained on blurred, shaken and
// compressed rendered faces. It is never used by Read itself: a caller
// that knows it reads a blurred face asks for it through BlurReader
// (SpecialistFor hands it over only when the crop's own EdgeSpread says it
// is blurred), as the Upwords board reader does; Cascade applies the
// board reader's rule to single crops, for the evaluation commands.
//
// A model may read other features than these: a header with Input
// "grey" (InputGrey) reads GreyFeatures, a crop's own grey levels with no
// ink found (the centre averaged to a small patch, mean and contrast
// normalised, turned so the ink is dark, and its gradients'
// orientations), for letters blurred past finding their ink
// (vision/pyramids' faces: en-pyrg). A header with Input "cnn" (InputCNN)
// is a small convolutional network over CNNInput, the same grey patch at
// 24x24 with no other features: its Conv layers (3x3 convolutions, ReLU,
// 2x2 max pooling, cnn.go) run before its dense layers (en-pyrc).
// GreyInputs gives a crop's GreyFeatures and CNNInput together, its grey
// levels converted and summed once for both (the same bits).
//
// Speed: a reading allocates almost nothing (scratch space comes from a
// pool of arenas), flat crops stop early, and the dense layers run four
// weight rows at a time (SSE on amd64, dot_amd64.s). The tuned code must
// compute the same bits as the straightforward one kept in ref_test.go:
// TestOptimisedMatchesReference checks features and readings on 350 crops.
// Measurements, the choice of method and known limits are in docs/ocr.md.
package ocr
