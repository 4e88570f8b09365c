package source

import (
	"slices"
	"strings"
	"testing"
)

func TestRussianStem(t *testing.T) {
	tests := []struct {
		name, in, want, why string
	}{
		{"plain noun", "кошка", "кошка", ""},
		{"ё folded", "ёж", "еж", ""},
		{"one-letter preposition", "в", "в", ""},
		{"name", "Москва", "", Capitalised},
		{"abbreviation", "ЧПУ", "", Capitalised},
		{"unit", "кВт", "", Capitalised},
		{"hyphen", "кто-то", "", Punctuated},
		{"apostrophe", "д'артаньян", "", Punctuated},
		{"dot", "т.е", "", Punctuated},
		{"lower-case abbreviation", "млн", "", NoVowel},
		{"latin letter", "cat", "", NotRussian},
		{"ukrainian letter", "їжак", "", NotRussian},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := russianStem(tc.in)
			if got != tc.want || why != tc.why {
				t.Errorf("russianStem(%q) = %q, %q; want %q, %q", tc.in, got, why, tc.want, tc.why)
			}
		})
	}
}

func TestHunspell(t *testing.T) {
	dic := "8\nкошка/I\nМосква/I\nёж/O\nеж\nкто-то\nмлн\nписать/Y\nкрасивый/A\n"
	aff := "SET UTF-8\nTRY абв\nSFX I Y 2\nSFX I а и а\nSFX I ка ек ка\nSFX O Y 1\nSFX O 0 и ж\n" +
		"SFX Y Y 1\nSFX Y сать шу сать\nSFX A Y 1\nSFX A ый ая ый\n"
	ru, err := Hunspell(strings.NewReader(dic), strings.NewReader(aff))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"еж", "ежи", "кошек", "кошка", "кошки", "красивая", "красивый", "писать", "пишу"}; !slices.Equal(ru.Forms, want) {
		t.Errorf("forms = %q, want %q", ru.Forms, want)
	}
	if want := []string{"еж", "кошка"}; !slices.Equal(ru.Nouns, want) {
		t.Errorf("nouns = %q, want %q", ru.Nouns, want)
	}
	if want := []string{"еж/", "еж/O/0", "кошка/I", "красивый/A", "писать/Y"}; !slices.Equal(ru.Entries, want) {
		t.Errorf("entries = %q, want %q", ru.Entries, want)
	}
	want := map[string]int{Capitalised: 1, Punctuated: 1, NoVowel: 1}
	for k, v := range want {
		if ru.Dropped[k] != v {
			t.Errorf("dropped[%q] = %d, want %d", k, ru.Dropped[k], v)
		}
	}
	if ru.Rules != 5 {
		t.Errorf("rules = %d, want 5", ru.Rules)
	}
}

func TestHunspellErrors(t *testing.T) {
	aff := "SET UTF-8\nSFX I Y 1\nSFX I а и а\n"
	tests := []struct{ name, dic, aff string }{
		{"bad utf-8", "1\n\xff\xfe\n", aff},
		{"flag without rules", "1\nкот/K\n", aff},
		{"prefix rules", "1\nкот\n", "PFX A Y 1\nPFX A 0 не .\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Hunspell(strings.NewReader(tc.dic), strings.NewReader(tc.aff)); err == nil {
				t.Error("accepted")
			}
		})
	}
}

func TestPOS(t *testing.T) {
	for flags, want := range map[string]string{"": "", "K": "noun", "AES": "adjective", "LMPY": "verb", "AG": "adjective", "O": "noun", "Z": "adjective"} {
		if got := POS(flags); got != want {
			t.Errorf("POS(%q) = %q, want %q", flags, got, want)
		}
	}
}

func TestEnable(t *testing.T) {
	words, err := Enable(strings.NewReader("aa\r\naah\n\nqi\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"aa", "aah", "qi"}; !slices.Equal(words, want) {
		t.Errorf("words = %q, want %q", words, want)
	}
	if _, err := Enable(strings.NewReader("aa\nCat\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("upper case accepted or line not named: %v", err)
	}
}
