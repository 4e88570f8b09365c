package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fakeWordNet = "../../dict/wordnet/testdata/wn"

func TestChallenge(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.txt")
	os.WriteFile(house, []byte("# our words\nblorp\nЁЖИК\n"), 0o644)
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("# nothing yet\n"), 0o644)
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("ok\nnot ok\n"), 0o644)

	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  string // exact, when want is not ""
		stderr  string // substring
		noteDef bool   // stderr says no definitions are available
	}{
		{"valid with definition", []string{"--wordnet", fakeWordNet, "cat"}, 0,
			"CAT\tvalid\tcat (noun): a small test feline: house cats\n", "", false},
		{"base form", []string{"--wordnet", fakeWordNet, "geese"}, 0,
			"GEESE\tvalid\tgoose (noun): a test bird that honks\n", "", false},
		{"valid without a definition", []string{"--wordnet", fakeWordNet, "qi"}, 0,
			"QI\tvalid\n", "", false},
		{"one invalid among valid", []string{"--wordnet", fakeWordNet, "qi", "xyzzy", "Cat"}, 1,
			"QI\tvalid\nXYZZY\tinvalid\nCAT\tvalid\tcat (noun): a small test feline: house cats\n", "", false},
		{"invalid only", []string{"--no-definitions", "zzzzq"}, 1, "ZZZZQ\tinvalid\n", "", false},
		{"no definitions asked", []string{"--no-definitions", "cat"}, 0, "CAT\tvalid\n", "", false},
		{"no WordNet", []string{"--wordnet", dir, "cat"}, 0, "CAT\tvalid\n", "no definition available", true},
		{"russian", []string{"--lang", "ru", "кошка", "ёж", "ЕЖ"}, 0, "КОШКА\tvalid\tкошка (noun)\nЁЖ\tvalid\nЕЖ\tvalid\n", "", false},
		{"russian forms", []string{"--lang", "ru", "КОТЫ", "кота", "кошки", "окна", "красивая", "живу", "дома", "пишу"}, 0,
			"КОТЫ\tvalid\tкот (noun)\nКОТА\tvalid\tкот (noun)\nКОШКИ\tvalid\tкошка (noun)\nОКНА\tvalid\tокно (noun)\n" +
				"КРАСИВАЯ\tvalid\tкрасивый (adjective)\nЖИВУ\tvalid\tжить (verb)\nДОМА\tvalid\tдом (noun)\nПИШУ\tvalid\tписать (verb)\n", "", false},
		{"cyrillic without --lang is russian", []string{"кот"}, 0, "КОТ\tvalid\tкот (noun)\n", "", false},
		{"each word its script", []string{"--no-definitions", "кот", "cat", "KOT"}, 1, "КОТ\tvalid\nCAT\tvalid\nKOT\tinvalid\n", "", false},
		{"lang says otherwise", []string{"--lang", "en", "кот"}, 1, "КОТ\tinvalid\n", "", false},
		{"two parts of speech", []string{"стали"}, 0, "СТАЛИ\tvalid\tстать (verb); сталь (noun)\n", "", false},
		{"nouns house rule", []string{"--nouns", "--no-definitions", "кот", "коты", "писать"}, 1, "КОТ\tvalid\nКОТЫ\tinvalid\nПИСАТЬ\tinvalid\n", "", false},
		{"nouns with english", []string{"--nouns", "--lang", "en", "cat"}, 2, "", "--nouns", false},
		{"russian invalid", []string{"--lang", "ru", "кошкаа"}, 1, "КОШКАА\tinvalid\n", "", false},
		{"latin look-alike", []string{"KOT", "--lang", "ru"}, 1, "KOT\tinvalid\n", "", false},
		{"russian name", []string{"--lang=ru", "Москва"}, 1, "МОСКВА\tinvalid\n", "", false},
		{"english word in russian", []string{"--lang", "ru", "cat"}, 1, "CAT\tinvalid\n", "", false},
		{"user list", []string{"--dict", house, "--no-definitions", "blorp", "ежик", "cat"}, 1,
			"BLORP\tvalid\nЕЖИК\tvalid\nCAT\tinvalid\n", "", false},
		{"no words", nil, 2, "", "no words given", false},
		{"flags after the words", []string{"кошка", "ёж", "--lang", "ru", "--no-definitions"}, 0, "КОШКА\tvalid\nЁЖ\tvalid\n", "", false},
		{"flags after the words, lemma", []string{"кошки", "--lang", "ru"}, 0, "КОШКИ\tvalid\tкошка (noun)\n", "", false},
		{"flags between the words", []string{"qi", "--no-definitions", "za"}, 0, "QI\tvalid\nZA\tvalid\n", "", false},
		{"after -- everything is a word", []string{"--no-definitions", "--", "qi", "--lang"}, 1, "QI\tvalid\n--LANG\tinvalid\n", "", false},
		{"empty word", []string{"cat", " "}, 2, "", "word 2 is empty", false},
		{"unknown lang", []string{"--lang", "fr", "chat"}, 2, "", `unknown --lang "fr"`, false},
		{"unknown flag", []string{"--frobnicate", "cat"}, 2, "", "frobnicate", false},
		{"missing user list", []string{"--dict", filepath.Join(dir, "nope.txt"), "cat"}, 2, "", "nope.txt: cannot read", false},
		{"empty user list", []string{"--dict", empty, "cat"}, 2, "", "empty.txt: dict: the list has no words", false},
		{"bad user list", []string{"--dict", bad, "cat"}, 2, "", "bad.txt:2:", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), append([]string{"challenge"}, tc.args...), &out, &errb)
			code := exitCode(err, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tc.code, errb.String())
			}
			if tc.stdout != "" && out.String() != tc.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), tc.stdout)
			}
			if tc.code == 2 {
				if out.Len() != 0 {
					t.Errorf("usage error printed on stdout: %q", out.String())
				}
				if strings.Count(errb.String(), "\n") != 1 {
					t.Errorf("usage error must be one line, got %q", errb.String())
				}
			}
			if tc.stderr != "" && !strings.Contains(errb.String(), tc.stderr) {
				t.Errorf("stderr %q, want it to contain %q", errb.String(), tc.stderr)
			}
			if !tc.noteDef && tc.code != 2 && errb.Len() != 0 {
				t.Errorf("unexpected stderr %q", errb.String())
			}
		})
	}
}

func TestChallengeLicence(t *testing.T) {
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"challenge", "--licence"}, &out, &errb)
	if code := exitCode(err, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"ENABLE", "public domain", "modified version", "Alexander I. Lebedev", "Modified versions must be clearly marked"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--licence output lacks %q", want)
		}
	}
}

// TestChallengeInstalledWordNet uses the real WordNet when it is there.
func TestChallengeInstalledWordNet(t *testing.T) {
	if _, err := os.Stat("/usr/share/wordnet/index.noun"); err != nil {
		t.Skip("wordnet-base is not installed")
	}
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"challenge", "--wordnet", "/usr/share/wordnet", "QI", "za"}, &out, &errb)
	if code := exitCode(err, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "QI\tvalid\tqi (noun): ") || !strings.Contains(lines[0], "energy") || lines[1] != "ZA\tvalid" {
		t.Errorf("output %q", out.String())
	}
}

func TestOpenDict(t *testing.T) {
	tests := []struct {
		name, lang, path string
		word             string
		want             bool
		code             int
	}{
		{"default is English", "", "", "qi", true, 0},
		{"en", "en", "", "zyzzyva", true, 0},
		{"EN upper", "EN", "", "qi", true, 0},
		{"ru", "ru", "", "ёж", true, 0},
		{"ru is not English", "ru", "", "cat", false, 0},
		{"unknown", "de", "", "", false, 2},
		{"missing file", "en", "/nonexistent/words.txt", "", false, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := openDict(tc.lang, tc.path)
			if code := exitCode(err, &bytes.Buffer{}); code != tc.code {
				t.Fatalf("openDict(%q, %q): exit %d, want %d (%v)", tc.lang, tc.path, code, tc.code, err)
			}
			if err == nil && d.Contains(tc.word) != tc.want {
				t.Errorf("Contains(%q) = %v, want %v", tc.word, !tc.want, tc.want)
			}
		})
	}
}
