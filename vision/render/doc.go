// Package render draws photo-like synthetic scenes of the four games, with
// their ground truth, so that the vision can be tested honestly and the
// tile reader trained without a camera.
//
// The scene is physical: the world is in millimetres (origin at the board's
// centre on the table, X along the columns, Y towards row 0, Z up) and
// holds real-size solids: the board slab, its raised walls, stacks of
// tiles, loose tiles, pyramids. A pinhole camera (Camera) at a chosen
// height, tilt, yaw and roll sees them; every solid is a set of planar
// faces, each face's image under a pinhole camera is exactly a homography
// of its plane, so faces are filled polygon by polygon (convex, with
// coverage anti-aliasing from edge distances) in painter's order, far from
// the camera's foot first, and textured through the inverse homography
// (letters are per-tile face textures drawn once in a typeface and cached
// with mipmaps). Faces turned away from the camera are culled, so tilted
// views show the sides a real camera sees and stacks show parallax.
//
// Light is a distant source: faces are shaded by Lambert's law plus
// ambient light (and a highlight on glossy plastic), and solids cast
// shadows (their outline projected along the light onto the surface below,
// blurred for a soft penumbra, with a faint contact shadow round each
// footprint). The picture is then "developed" like a camera's: radial
// lens distortion (the ideal canvas is remapped through the OpenCV k1, k2
// model), uneven light (gradient, vignetting, glare), defocus (Gaussian)
// and motion blur, sharpening, sensor noise (read and shot noise), JPEG
// compression.
//
// Everything random comes from seeded math/rand/v2 sources: one for the
// scene, and one per piece keyed by the seed and the piece's square (so a
// tile that stays put between two pictures of a game is drawn the same).
// Textures are cached by content key only, and the passes that run in
// parallel split the rows into fixed chunks that each write their own rows,
// so the same state, options and seed give the same bytes.
//
// The same bytes on every architecture, too: Go's compiler may fuse a
// product and a sum, x*y + z, into one multiply-add instruction that
// rounds once (it does on arm64, a Raspberry Pi's, and not on amd64), and
// a picture drawn with fused arithmetic differs from amd64's in a few
// pixels, enough to change a reading of the Pyramids demo. So every float
// product here is rounded explicitly before it is added, float64(x*y) + z
// (an explicit conversion forbids the fusion), including a math/rand
// Float64 and a division by a power of two, which the compiler turns into
// products; TestNoFusedMultiplyAdd asks the compiler, building for arm64,
// whether it would fuse anything in the package. Letters' curves are cut
// into chords here too (glyphs.go), in golang.org/x/image/vector's steps
// but with its products rounded: vector's own arithmetic is fused on
// arm64. The probe scenes' hashes
// (TestProbeMatchesVersion) are the same on amd64 and arm64 (make
// pi-check runs them there).
//
// The ground truth (Truth) gives every cell or tile's letter, height and
// the pixel corners of its top face in the final, distorted image, with
// the board's corners, the camera and the conditions.
//
// Around the scene: RandomOptions draws conditions from a difficulty
// (easy, normal, hard, mixed; the ranges are in docs/render.md),
// RandomState draws a random legal position of each game, hands and
// clutter can be added, and TileCrop renders a single tile through a
// narrow field of view for training the tile reader.
//
// The package is pure Go (no gocv): measured, the whole scene renders well
// within its budget, and the one step OpenCV would speed up markedly is the
// JPEG encoding (libjpeg-turbo through gocv encodes a 1640x1232 picture
// about 4.5 times faster than image/jpeg), a fifth of the time.
package render
