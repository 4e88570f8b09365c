// Package eval measures tile readers on labelled crops: overall and
// per-letter accuracy, the most common confusions, and time per crop.
package eval

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
)

// Result is one reader's score on a set of crops.
type Result struct {
	Backend    string
	Total      int
	Right      int
	PerLetter  map[string][2]int // letter -> right, total
	Confusions map[[2]string]int // (truth, read) -> count
	Errors     int               // crops the reader failed on
	// SureWrong counts wrong readings with confidence >= 0.9: the ones a
	// caller would not question.
	SureWrong int
	PerCrop   time.Duration
}

// Accuracy is Right/Total.
func (r Result) Accuracy() float64 {
	if r.Total == 0 {
		return 0
	}
	return float64(r.Right) / float64(r.Total)
}

// Run reads every crop with the reader.
func Run(name string, rd ocr.Reader, crops []dataset.Crop) Result {
	res := Result{Backend: name, PerLetter: map[string][2]int{}, Confusions: map[[2]string]int{}}
	start := time.Now()
	for _, c := range crops {
		got, err := rd.Read(c.Image)
		read := got.Letter
		if err != nil {
			res.Errors++
			read = "?error"
		}
		pl := res.PerLetter[c.Letter]
		pl[1]++
		res.Total++
		if read == c.Letter {
			pl[0]++
			res.Right++
		} else {
			res.Confusions[[2]string{c.Letter, read}]++
			if err == nil && got.Conf >= 0.9 {
				res.SureWrong++
			}
		}
		res.PerLetter[c.Letter] = pl
	}
	if len(crops) > 0 {
		res.PerCrop = time.Since(start) / time.Duration(len(crops))
	}
	return res
}

func show(l string) string {
	if l == "" {
		return "."
	}
	return l
}

// Print writes a report: the summary line, per-letter accuracy, and the
// top confusions.
func (r Result) Print(w io.Writer, topConfusions int) {
	fmt.Fprintf(w, "%s: %d/%d right = %.2f%%, %v per crop", r.Backend, r.Right, r.Total, 100*r.Accuracy(), r.PerCrop.Round(time.Microsecond/10))
	fmt.Fprintf(w, "; wrong with conf >= 0.9: %d", r.SureWrong)
	if r.Errors > 0 {
		fmt.Fprintf(w, ", %d errors", r.Errors)
	}
	fmt.Fprintln(w)
	letters := make([]string, 0, len(r.PerLetter))
	for l := range r.PerLetter {
		letters = append(letters, l)
	}
	sort.Strings(letters)
	fmt.Fprint(w, "  per letter:")
	for i, l := range letters {
		pl := r.PerLetter[l]
		if i > 0 && i%8 == 0 {
			fmt.Fprint(w, "\n             ")
		}
		fmt.Fprintf(w, " %s %d/%d", show(l), pl[0], pl[1])
	}
	fmt.Fprintln(w)
	type conf struct {
		k [2]string
		n int
	}
	var cs []conf
	for k, n := range r.Confusions {
		cs = append(cs, conf{k, n})
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].n != cs[j].n {
			return cs[i].n > cs[j].n
		}
		return cs[i].k[0]+"\x00"+cs[i].k[1] < cs[j].k[0]+"\x00"+cs[j].k[1]
	})
	if len(cs) == 0 {
		fmt.Fprintln(w, "  confusions: none")
		return
	}
	fmt.Fprint(w, "  confusions (truth->read):")
	for i, c := range cs {
		if i == topConfusions {
			break
		}
		fmt.Fprintf(w, " %s->%s %d", show(c.k[0]), show(c.k[1]), c.n)
	}
	fmt.Fprintln(w)
}
