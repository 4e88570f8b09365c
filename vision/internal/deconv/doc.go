// Package deconv holds the arithmetic that the readers' deconvolutions
// share: a Richardson-Lucy iteration over any blur (RichardsonLucy: the
// Gaussian of Pyramids faces, vision/pyramids), the same taken down a
// plane's rows for a blur that works a row out from the rows near it
// (RichardsonLucyDown: the straight smear of a shaken Scrabble board,
// vision/scrabble, one plane held, not three), a face crop's luminance
// deconvolved (LumaCrop: the Pyramids and Upwords faces' second looks),
// the Gaussian every reader and trainer blurs with (GaussianKernel, here
// without cgo for the trainers under vision), and the one inner loop of
// their convolutions (AddScaled), two elements a step in SSE2 on amd64
// with every element the bits of the scalar loop, the plain Go loop on
// other processors (the Pi's arm64).
package deconv
