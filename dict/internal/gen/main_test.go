package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/dict"
)

// TestRun generates both automata from tiny upstream files and checks what
// they hold, the SOURCES record, and that a second run gives the same bytes.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	enable := filepath.Join(dir, "enable.txt")
	os.WriteFile(enable, []byte("aa\ncat\ncats\nqi\n"), 0o644)
	dic := filepath.Join(dir, "ru.dic")
	os.WriteFile(dic, []byte("5\nкошка/H\nМосква/J\nёж\nкг\nписать/Y\n"), 0o644)
	aff := "SET UTF-8\nSFX H Y 2\nSFX H а и а\nSFX H ка ек ка\nSFX J Y 1\nSFX J а ы а\nSFX Y Y 2\nSFX Y сать шу сать\nSFX Y сать шет сать\n"
	os.WriteFile(filepath.Join(dir, "ru.aff"), []byte(aff), 0o644)
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)

	var log bytes.Buffer
	if err := run(enable, dic, out, &log); err != nil {
		t.Fatal(err)
	}
	check := func(file string, yes, no []string) []byte {
		data, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := dict.Load(data, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range yes {
			if !d.Contains(w) {
				t.Errorf("%s: %q missing", file, w)
			}
		}
		for _, w := range no {
			if d.Contains(w) {
				t.Errorf("%s: %q present", file, w)
			}
		}
		return data
	}
	en1 := check("en.tsd", []string{"aa", "cat", "cats", "qi"}, []string{"ca", "dog"})
	ru1 := check("ru.tsd", []string{"кошка", "кошки", "кошек", "ёж", "еж", "писать", "пишу", "ПИШЕТ"}, []string{"москва", "москвы", "кг", "кошкы"})
	check("ru-nouns.tsd", []string{"кошка"}, []string{"кошки", "писать", "еж"})
	check("ru-entries.tsd", []string{"кошка/h", "еж//0", "писать/y"}, []string{"кошка", "москва/j"})
	rec, _ := os.ReadFile(filepath.Join(out, "SOURCES"))
	if lines := strings.Split(strings.TrimSpace(string(rec)), "\n"); len(lines) != 5 ||
		!strings.HasPrefix(lines[0], "en.tsd ") || !strings.HasPrefix(lines[4], "ru.tsd ") {
		t.Errorf("SOURCES = %q", rec)
	}
	if !strings.Contains(log.String(), "ru.tsd: 7 words") {
		t.Errorf("log %q", log.String())
	}

	if err := run(enable, dic, out, &log); err != nil {
		t.Fatal(err)
	}
	if en2 := check("en.tsd", nil, nil); !bytes.Equal(en1, en2) {
		t.Error("en.tsd differs between runs")
	}
	if ru2 := check("ru.tsd", nil, nil); !bytes.Equal(ru1, ru2) {
		t.Error("ru.tsd differs between runs")
	}
	rec2, _ := os.ReadFile(filepath.Join(out, "SOURCES"))
	if !bytes.Equal(rec, rec2) {
		t.Error("SOURCES changed between runs")
	}
}

func TestRunBadSource(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "enable.txt")
	os.WriteFile(bad, []byte("cat\nDog\n"), 0o644)
	if err := run(bad, "", dir, &bytes.Buffer{}); err == nil {
		t.Error("upper-case ENABLE line accepted")
	}
	if err := run(filepath.Join(dir, "missing.txt"), "", dir, &bytes.Buffer{}); err == nil {
		t.Error("missing source accepted")
	}
}
