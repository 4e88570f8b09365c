// Package deconv holds the arithmetic that the readers' deconvolutions
// share: a Richardson-Lucy iteration over any blur (RichardsonLucy: the
// Gaussian of Pyramids faces, vision/pyramids; the straight smear of a
// shaken Scrabble board, vision/scrabble, through RichardsonLucyRows,
// which reads the observed plane a row at a time) and the one inner loop of
// their convolutions (AddScaled), two elements a step in SSE2 on amd64
// with every element the bits of the scalar loop, the plain Go loop on
// other processors (the Pi's arm64).
package deconv
