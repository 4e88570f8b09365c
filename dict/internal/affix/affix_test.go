package affix

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestCondMatch(t *testing.T) {
	tests := []struct {
		name, cond, root string
		want             bool
	}{
		{"dot", ".", "кот", true},
		{"letter", "т", "кот", true},
		{"letter no", "а", "кот", false},
		{"class", "[лнртв]ый", "красный", true},
		{"class no", "[лнртв]ый", "синий", false},
		{"negated", "[^ц]ый", "новый", true},
		{"negated no", "[^ц]ый", "цый", false},
		{"any in middle", "[^ч].сть", "красть", true},
		{"longer than root", "[^ч].сть", "сть", false},
		{"whole root", "кот", "кот", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCond(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Match(tc.root); got != tc.want {
				t.Errorf("%q.Match(%q) = %v, want %v", tc.cond, tc.root, got, tc.want)
			}
		})
	}
	for _, bad := range []string{"[аб", "а]", "[]", "[^]"} {
		if _, err := ParseCond(bad); err == nil {
			t.Errorf("ParseCond(%q) accepted", bad)
		}
	}
}

const sample = `SET UTF-8
TRY абв
# a comment
SFX Y Y 3
SFX Y   сать шу   сать
SFX Y   сать шет  сать
SFX Y   ть   л    [^с]ть

SFX K Y 2
SFX K 0 а [^ейоь]
SFX K 0 ом [^цейожьшщч]
`

func TestExpandAndAnalyse(t *testing.T) {
	rs, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if rs.Len() != 5 || !slices.Equal(rs.Flags(), []byte("KY")) {
		t.Fatalf("Len %d Flags %q", rs.Len(), rs.Flags())
	}
	tests := []struct {
		root, flags string
		want        []string
	}{
		{"писать", "Y", []string{"писать", "пишу", "пишет", "писал"}},
		{"класть", "Y", []string{"класть"}},
		{"читать", "Y", []string{"читать", "читал"}},
		{"кот", "K", []string{"кот", "кота", "котом"}},
		{"ёж", "K", []string{"ёж", "ёжа"}},
		{"кот", "", []string{"кот"}},
	}
	for _, tc := range tests {
		t.Run(tc.root, func(t *testing.T) {
			var got []string
			rs.Expand(tc.root, tc.flags, func(w string) { got = append(got, w) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("Expand(%q, %q) = %q, want %q", tc.root, tc.flags, got, tc.want)
			}
			for _, w := range tc.want[min(1, len(tc.want)):] {
				found := false
				rs.Analyse(w, func(root string, flag byte) {
					if root == tc.root && strings.IndexByte(tc.flags, flag) >= 0 {
						found = true
					}
				})
				if !found {
					t.Errorf("Analyse(%q) did not find %q", w, tc.root)
				}
			}
		})
	}
	// The strip must leave a letter: "ть" is not a root of "л".
	rs.Analyse("л", func(root string, flag byte) { t.Errorf("Analyse(л) found %q/%c", root, flag) })
}

func TestFolded(t *testing.T) {
	rs, err := Parse(strings.NewReader("SET UTF-8\nSFX V Y 1\nSFX V ть ёт [^ё]ть\n"))
	if err != nil {
		t.Fatal(err)
	}
	f := rs.Folded(func(r rune) rune {
		if r == 'ё' {
			return 'е'
		}
		return r
	})
	var roots []string
	f.Analyse("живет", func(root string, _ byte) { roots = append(roots, root) })
	if !slices.Equal(roots, []string{"живть"}) {
		t.Errorf("folded Analyse(живет) = %q", roots)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, aff   string
		unsupported bool
	}{
		{"prefix", "PFX A Y 1\nPFX A 0 не .\n", true},
		{"other encoding", "SET KOI8-R\n", true},
		{"continuation", "SFX A Y 1\nSFX A 0 а/B .\n", true},
		{"compounding", "COMPOUNDMIN 3\n", true},
		{"too many rules", "SFX A Y 1\nSFX A 0 а .\nSFX A 0 у .\n", false},
		{"too few rules", "SFX A Y 2\nSFX A 0 а .\n", false},
		{"bad count", "SFX A Y x\n", false},
		{"long flag", "SFX AB Y 1\n", false},
		{"bad condition", "SFX A Y 1\nSFX A 0 а [аб\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.aff))
			if err == nil {
				t.Fatal("accepted")
			}
			if got := errors.Is(err, ErrUnsupported); got != tc.unsupported {
				t.Errorf("errors.Is(%v, ErrUnsupported) = %v", err, got)
			}
		})
	}
}
