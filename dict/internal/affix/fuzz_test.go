package affix

import (
	"strings"
	"testing"
)

// FuzzParse: any affix text is parsed or refused with an error, never a
// panic; when parsed, every form Expand makes of a root is analysed back
// to that root and flag.
func FuzzParse(f *testing.F) {
	f.Add(sample, "писать", "YK")
	f.Add("SET UTF-8\nSFX A Y 1\nSFX A 0 а [^ейоь]\n", "кот", "A")
	f.Add("SFX A Y 1\nSFX A ть л [^с]ть\n", "ть", "A")
	f.Add("SFX A Y 1\nSFX A 0 а [аб\n", "", "")
	f.Fuzz(func(t *testing.T, aff, root, flags string) {
		rs, err := Parse(strings.NewReader(aff))
		if err != nil {
			return
		}
		rs.Expand(root, flags, func(w string) {
			if w == root {
				return
			}
			found := false
			rs.Analyse(w, func(r string, flag byte) {
				if r == root && strings.IndexByte(flags, flag) >= 0 {
					found = true
				}
			})
			if !found {
				t.Errorf("Expand(%q, %q) made %q, which Analyse does not trace back", root, flags, w)
			}
		})
	})
}
