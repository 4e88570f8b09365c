package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"unicode"

	"github.com/tilescope/tilescope/dict/internal/source"
)

// endings are Russian inflectional endings, put in place of the last one
// to three letters of sampled forms to make candidate words that hunspell
// may know: the forms an incomplete expansion would miss.
var endings = strings.Fields(`а у ы и е о я ю ой ом ем ам ям ами ями ах ях ов ев ей ешь ет
ете ут ют ишь ит им ите ат ят ла ло ли л ть ться тся шься лся лась лось лись
юсь ешься ется емся етесь утся ются усь вший вшая вшее вшие вшись ясь ая ое
ые ого ему ому ым ых ую ее ие ий ый его их ими ыми ущий ющий ащий ящий емый
имый енный анный нный ен ена ено ены ан ана ано аны айте йте ь ьте ёт ёшь ём
ёте ёл ёк шу жу чу щу`)

// measureAgreement compares the Go expansion of hunspell-ru with hunspell's
// own verdict: every form we make must be accepted by `hunspell -l`
// (precision), and every candidate that hunspell accepts must be one of our
// forms (recall). Candidates are n sampled forms with their endings
// replaced (seeded, reproducible), plus unmunch's output when unmunch is
// installed.
func measureAgreement(dic string, n int, out io.Writer) error {
	raw, err := os.ReadFile(dic)
	if err != nil {
		return err
	}
	aff, err := os.ReadFile(affFor(dic))
	if err != nil {
		return err
	}
	set := map[string]bool{}
	if _, err := source.HunspellRaw(bytes.NewReader(raw), bytes.NewReader(aff), func(w string) { set[w] = true }); err != nil {
		return err
	}
	forms := make([]string, 0, len(set))
	for w := range set {
		forms = append(forms, w)
	}
	slices.Sort(forms)
	dictArg := strings.TrimSuffix(dic, ".dic")

	rejected, err := hunspell(dictArg, "-l", forms)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "precision: %d of our %d forms (ё kept) rejected by hunspell -l", len(rejected), len(forms))
	if len(rejected) > 0 {
		fmt.Fprintf(out, ", e.g. %s", strings.Join(rejected[:min(10, len(rejected))], " "))
	}
	fmt.Fprintln(out)

	rng := rand.New(rand.NewPCG(18, 1))
	cand := map[string]bool{}
	for range n {
		f := []rune(forms[rng.IntN(len(forms))])
		for k := 1; k <= 3 && len(f) > k+1; k++ {
			base := string(f[:len(f)-k])
			for range 12 {
				cand[base+endings[rng.IntN(len(endings))]] = true
			}
		}
	}
	list := make([]string, 0, len(cand))
	for w := range cand {
		list = append(list, w)
	}
	slices.Sort(list)
	good, err := hunspell(dictArg, "-G", list)
	if err != nil {
		return err
	}
	missing := []string{}
	for _, w := range good {
		if !set[w] {
			missing = append(missing, w)
		}
	}
	fmt.Fprintf(out, "recall: %d candidates from %d sampled forms, %d accepted by hunspell, %d of those not in our forms", len(list), n, len(good), len(missing))
	if len(missing) > 0 {
		fmt.Fprintf(out, ", e.g. %s", strings.Join(missing[:min(10, len(missing))], " "))
	}
	fmt.Fprintln(out)

	if _, err := exec.LookPath("unmunch"); err != nil {
		fmt.Fprintln(out, "unmunch: not installed (hunspell-tools), skipped")
		return nil
	}
	um, err := exec.Command("unmunch", dic, affFor(dic)).Output()
	if err != nil {
		return fmt.Errorf("unmunch: %w", err)
	}
	var extra []string
	umCount, umLower := 0, 0
	for _, w := range strings.Fields(string(um)) {
		umCount++
		if strings.IndexFunc(w, unicode.IsUpper) >= 0 || strings.ContainsAny(w, "-'.") {
			continue
		}
		umLower++
		if !set[w] {
			extra = append(extra, w)
		}
	}
	slices.Sort(extra)
	extra = slices.Compact(extra)
	acc, err := hunspell(dictArg, "-G", extra)
	if err != nil {
		return err
	}
	accSet := map[string]bool{}
	for _, w := range acc {
		accSet[w] = true
	}
	var vowelless, real, wrong []string
	for _, w := range extra {
		switch {
		case !accSet[w]:
			wrong = append(wrong, w)
		case !strings.ContainsAny(w, "аеёиоуыэюя"):
			vowelless = append(vowelless, w)
		default:
			real = append(real, w)
		}
	}
	fmt.Fprintf(out, "unmunch: %d forms (%d lower case); %d lower-case forms not in ours: %d rejected by hunspell itself (e.g. %s), %d without a vowel (abbreviations, dropped on purpose), %d real misses %v\n",
		umCount, umLower, len(extra), len(wrong), strings.Join(wrong[:min(6, len(wrong))], " "), len(vowelless), len(real), real[:min(10, len(real))])
	return nil
}

// hunspell runs the hunspell command with one flag (-l: print the words it
// rejects; -G: the words it accepts) over words, one per line.
func hunspell(dictArg, flag string, words []string) ([]string, error) {
	cmd := exec.Command("hunspell", "-d", dictArg, flag)
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	cmd.Stdin = strings.NewReader(strings.Join(words, "\n") + "\n")
	var buf bytes.Buffer
	cmd.Stdout = &buf
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("hunspell %s: %w", flag, err)
	}
	var out []string
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" {
			out = append(out, w)
		}
	}
	return out, sc.Err()
}
