package dict

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseList(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []string
		wantErr string // substring of the error; "" for none
	}{
		{"one word", "cat\n", []string{"cat"}, ""},
		{"no final newline", "cat\ndog", []string{"cat", "dog"}, ""},
		{"CRLF", "cat\r\ndog\r\n", []string{"cat", "dog"}, ""},
		{"comments and blanks", "# list\n\ncat # a pet\n   \n#dog\n", []string{"cat"}, ""},
		{"byte order mark", "\uFEFFcat\n", []string{"cat"}, ""},
		{"surrounding space", "  cat\t\n", []string{"cat"}, ""},
		{"cyrillic", "ёж\nКОТ\n", []string{"ёж", "КОТ"}, ""},
		{"empty file", "", nil, "list.txt: dict: the list has no words"},
		{"only comments", "# nothing\n\n", nil, "no words"},
		{"two words on a line", "cat\nice cream\n", nil, "list.txt:2:"},
		{"invalid UTF-8", "cat\ndog\n\xff\xfe\n", nil, "list.txt:3: not valid UTF-8"},
		{"control character", "ca\x01t\n", nil, "list.txt:1:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseList(strings.NewReader(tc.text), "list.txt")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("words = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestOpen(t *testing.T) {
	d, err := Open("testdata/house.txt")
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 4 {
		t.Errorf("Len() = %d, want 4", d.Len())
	}
	for w, want := range map[string]bool{"qi": true, "QI": true, "za": true, "еж": true, "ЁЖ": true, "koala": true, "cat": false, "hedgehog": false} {
		if got := d.Contains(w); got != want {
			t.Errorf("Contains(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	unreadable := write("secret.txt", "cat\n")
	os.Chmod(unreadable, 0)
	tests := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "nope.txt"), "nope.txt: cannot read: no such file"},
		{"directory", dir, "cannot read"},
		{"empty", write("empty.txt", ""), "empty.txt: dict: the list has no words"},
		{"latin-1", write("latin1.txt", "caf\xe9\n"), "latin1.txt:1: not valid UTF-8"},
	}
	if os.Geteuid() != 0 { // root reads anything
		tests = append(tests, struct{ name, path, want string }{"unreadable", unreadable, "secret.txt: cannot read: permission denied"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Open(tc.path)
			if err == nil {
				t.Fatalf("Open(%s) = %d words, want an error", tc.path, d.Len())
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
			var le *ListError
			if !errors.As(err, &le) || le.File != tc.path {
				t.Errorf("error %v does not name the file %s", err, tc.path)
			}
		})
	}
}

// FuzzParseList: any input gives words or an error naming the file, never
// a panic or an empty list; the words then make a dictionary that finds
// each of them.
func FuzzParseList(f *testing.F) {
	for _, s := range []string{"cat\n", "# c\n\nёж\nКОТ # x\n", "\uFEFFa\r\nb", "a b\n", "\xff", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		words, err := ParseList(strings.NewReader(text), "fuzz.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(words) == 0 {
			t.Fatal("no words and no error")
		}
		d, err := New(words, "fuzz.txt")
		if err != nil {
			return // e.g. too many different letters
		}
		for _, w := range words {
			if !d.Contains(w) {
				t.Fatalf("word %q of %q not found", w, text)
			}
		}
	})
}
