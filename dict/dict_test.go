package dict

import (
	"testing"
)

func TestBuiltIn(t *testing.T) {
	tests := []struct {
		name string
		d    *Dict
		word string
		want bool
	}{
		{"en short", English(), "qi", true},
		{"en upper", English(), "QI", true},
		{"en mixed case", English(), "Qi", true},
		{"en first word", English(), "aa", true},
		{"en last word", English(), "zyzzyvas", true},
		{"en long", English(), "ethylenediaminetetraacetates", true},
		{"en non-word", English(), "xyzzy", false},
		{"en prefix of a word only", English(), "zyzzyv", false},
		{"en word plus letter", English(), "catx", false},
		{"en single letter", English(), "a", false},
		{"en empty", English(), "", false},
		{"en space", English(), "ca t", false},
		{"en cyrillic", English(), "кот", false},
		{"ru word", Russian(), "кошка", true},
		{"ru upper", Russian(), "КОШКА", true},
		{"ru ё written ё", Russian(), "ёж", true},
		{"ru ё written е", Russian(), "еж", true},
		{"ru Ё upper", Russian(), "ЁЖ", true},
		{"ru е word given with ё", Russian(), "лёс", true},
		{"ru name dropped", Russian(), "москва", false},
		{"ru non-word", Russian(), "кошкаа", false},
		{"ru latin", Russian(), "cat", false},
		{"ru empty", Russian(), "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.d.Contains(tc.word); got != tc.want {
				t.Errorf("%s.Contains(%q) = %v, want %v", tc.d.Name(), tc.word, got, tc.want)
			}
		})
	}
}

func TestLen(t *testing.T) {
	if got := English().Len(); got != 172823 {
		t.Errorf("English().Len() = %d, want 172823 (ENABLE)", got)
	}
	if got := Russian().Len(); got < 100000 {
		t.Errorf("Russian().Len() = %d, want over 100,000 stems", got)
	}
}
