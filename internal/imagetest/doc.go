// Package imagetest holds what tests of the image packages share: Load
// decodes a picture from a file (JPEG or PNG) or fails the test with the
// file's name. It is for tests only.
package imagetest
