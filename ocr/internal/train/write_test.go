package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestWriteModel: the file writeModel leaves is the model's own encoding,
// and ocr decodes it back to the same glyphs.
func TestWriteModel(t *testing.T) {
	m, err := ocr.LoadModel("en")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path, n, err := writeModel(m, dir, "x.tsm")
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(dir, "x.tsm") {
		t.Errorf("path %q, want %q", path, filepath.Join(dir, "x.tsm"))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != n {
		t.Errorf("reported %d bytes, file has %d", n, len(b))
	}
	var want bytes.Buffer
	if err := m.Encode(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, want.Bytes()) {
		t.Error("file differs from the model's encoding")
	}
	back, err := ocr.DecodeModel(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Glyphs) != len(m.Glyphs) {
		t.Errorf("decoded %d glyphs, want %d", len(back.Glyphs), len(m.Glyphs))
	}
	if _, _, err := writeModel(m, filepath.Join(dir, "missing"), "y.tsm"); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}

// TestGlyphIndex: every glyph's index is its place in the model's order,
// and an unknown alphabet is an error.
func TestGlyphIndex(t *testing.T) {
	glyphs, index, err := glyphIndex("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(glyphs) == 0 || len(index) != len(glyphs) {
		t.Fatalf("%d glyphs, %d indexed", len(glyphs), len(index))
	}
	for i, g := range glyphs {
		if index[g] != i {
			t.Errorf("index[%q] = %d, want %d", g, index[g], i)
		}
	}
	if _, _, err := glyphIndex("no-such-alphabet"); err == nil {
		t.Error("unknown alphabet: no error")
	}
}
