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

func TestHunspellStems(t *testing.T) {
	dic := "7\nкошка/H\nМосква/J\nёж/O\nеж\nкто-то\nмлн\nдом/AB\n"
	words, dropped, err := HunspellStems(strings.NewReader(dic))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"кошка", "еж", "дом"}; !slices.Equal(words, want) {
		t.Errorf("words = %q, want %q", words, want)
	}
	want := map[string]int{Capitalised: 1, Duplicate: 1, Punctuated: 1, NoVowel: 1}
	for k, v := range want {
		if dropped[k] != v {
			t.Errorf("dropped[%q] = %d, want %d", k, dropped[k], v)
		}
	}
}

func TestHunspellStemsRejectsBadUTF8(t *testing.T) {
	if _, _, err := HunspellStems(strings.NewReader("1\n\xff\xfe\n")); err == nil {
		t.Fatal("invalid UTF-8 accepted")
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
