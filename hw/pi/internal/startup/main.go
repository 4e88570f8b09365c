// Command startup measures how fast tilescope's commands start, as whole
// processes: the median of N runs (default 20) of wall time and of peak
// memory (maximum resident set size), for
// challenge, score and scan, and, for scan, the scan itself done in this
// process (decode and scan of the same photo, warm, median of N) so that
// the process's cost above it shows. make startup runs it; docs/pi.md, "A
// lean start", has the figures and the targets.
//
//	go run ./hw/pi/internal/startup -bin bin/tilescope [-n 20]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tilescope/tilescope/ocr"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// run is one command to time.
type run struct {
	name   string
	args   []string
	maxMS  float64 // target wall time, 0 none
	maxMB  float64 // target peak memory, 0 none
	exitOK []int   // exit statuses that are the command working
}

func main() {
	bin := flag.String("bin", "bin/tilescope", "the program to time")
	n := flag.Int("n", 20, "runs per command")
	photo := flag.String("photo", "vision/upwords/testdata/scenes/upwords-0000.jpg", "the photo scan reads")
	flag.Parse()
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		fatalf("startup: /usr/bin/time is missing (sudo apt install time): %v", err)
	}
	if _, err := os.Stat(*bin); err != nil {
		fatalf("startup: %v (make build first)", err)
	}
	tmp, err := os.MkdirTemp("", "tilescope-startup-")
	if err != nil {
		fatalf("startup: %v", err)
	}
	defer os.RemoveAll(tmp)
	before := filepath.Join(tmp, "before.txt")
	after := filepath.Join(tmp, "after.txt")
	row := strings.TrimSpace(strings.Repeat(". ", 10))
	empty := strings.Repeat(row+"\n", 10)
	rows := strings.Split(strings.TrimSuffix(empty, "\n"), "\n")
	rows[4] = ". . . . C A T . . ."
	must(os.WriteFile(before, []byte(empty), 0o644))
	must(os.WriteFile(after, []byte(strings.Join(rows, "\n")+"\n"), 0o644))

	runs := []run{
		{"challenge qi", []string{"challenge", "qi"}, 25, 30, []int{0}},
		{"challenge qi za --no-definitions", []string{"challenge", "--no-definitions", "qi", "za"}, 25, 30, []int{0}},
		{"score --game upwords", []string{"score", "--game", "upwords", "--before", before, "--after", after, "--json"}, 25, 0, []int{0}},
		{"version", []string{"version"}, 0, 0, []int{0}},
		{"scan --game upwords", []string{"scan", "--game", "upwords", *photo}, 0, 0, []int{0}},
	}
	fmt.Printf("startup: %s, median of %d runs (wall time; CPU time, user and system; peak RSS from /usr/bin/time -v)\n", *bin, *n)
	fmt.Printf("%-36s %10s %10s %10s   %s\n", "command", "wall ms", "cpu ms", "peak MB", "target")
	var scanWall, scanCPU float64
	failed := false
	for _, r := range runs {
		var walls, mems []float64
		var cpus []float64
		for i := 0; i < *n; i++ {
			w, c, err := timeOne(*bin, r.args, r.exitOK)
			if err != nil {
				fatalf("startup: %s: %v", r.name, err)
			}
			m, err := timeV(*bin, r.args)
			if err != nil {
				fatalf("startup: %s: %v", r.name, err)
			}
			walls, cpus, mems = append(walls, w), append(cpus, c), append(mems, m)
		}
		w, m := median(walls), median(mems)
		target := ""
		if r.maxMS > 0 {
			ok := w <= r.maxMS
			target = fmt.Sprintf("<= %.0f ms %s", r.maxMS, okWord(ok))
			failed = failed || !ok
		}
		if r.maxMB > 0 {
			ok := m <= r.maxMB
			target += fmt.Sprintf(", <= %.0f MB %s", r.maxMB, okWord(ok))
			failed = failed || !ok
		}
		fmt.Printf("%-36s %10.1f %10.1f %10.1f   %s\n", r.name, w, median(cpus), m, target)
		if strings.HasPrefix(r.name, "scan") {
			scanWall, scanCPU = w, median(cpus)
		}
	}
	self, selfCPU, err := scanItself(*photo, *n)
	if err != nil {
		fatalf("startup: the scan in this process: %v", err)
	}
	over := scanWall - self
	ok := over <= 40
	failed = failed || !ok
	fmt.Printf("%-36s %10.1f %10.1f\n", "  the scan itself (warm, in process)", self, selfCPU)
	fmt.Printf("%-36s %10.1f %10.1f %10s   <= 40 ms %s\n", "  scan's process above the scan", over, scanCPU-selfCPU, "", okWord(ok))
	if failed {
		os.Exit(1)
	}
}

// timeOne runs bin args and returns its wall time in ms, by this
// process's clock from start to exit (finer than time's centiseconds),
// and its CPU time (user and system) in ms.
func timeOne(bin string, args []string, exitOK []int) (float64, float64, error) {
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	t0 := time.Now()
	err := cmd.Run()
	wall := float64(time.Since(t0).Microseconds()) / 1000
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		return 0, 0, err
	}
	good := false
	for _, c := range exitOK {
		good = good || c == code
	}
	if !good {
		return 0, 0, fmt.Errorf("exit %d: %s", code, lastLines(stderr.String(), 3))
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0, fmt.Errorf("no resource usage for the child")
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return wall, float64(cpu.Microseconds()) / 1000, nil
}

// timeV runs bin args under /usr/bin/time -v and returns the peak RSS it
// prints ("Maximum resident set size") in MB. (The child's own ru_maxrss
// would not do: a child forked from this process, which maps OpenCV,
// counts this process's pages until it execs.)
func timeV(bin string, args []string) (float64, error) {
	cmd := exec.Command("/usr/bin/time", append([]string{"-v", bin}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run()
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "Maximum resident set size (kbytes): "); ok {
			kb, err := strconv.ParseFloat(v, 64)
			return kb / 1024, err
		}
	}
	return 0, fmt.Errorf("no figures from /usr/bin/time: %s", lastLines(stderr.String(), 3))
}

// scanItself is the median wall and CPU time of decoding photo and
// scanning it for an Upwords board with the built-in reader, in this
// process, after one untimed run (the models loaded).
func scanItself(photo string, n int) (float64, float64, error) {
	t0, c0 := time.Now(), selfCPU()
	rd, err := ocr.ForUpwords()
	if err != nil {
		return 0, 0, err
	}
	fmt.Printf("%-36s %10.1f %10.1f\n", "  the reader's models loaded", float64(time.Since(t0).Microseconds())/1000, float64((selfCPU()-c0).Microseconds())/1000)
	one := func() error {
		f, err := os.Open(photo)
		if err != nil {
			return err
		}
		defer f.Close()
		img, _, err := image.Decode(f)
		if err != nil {
			return err
		}
		_, err = vupw.ScanUpwords(img, vupw.Options{Size: 10, Reader: rd})
		return err
	}
	t0, c0 = time.Now(), selfCPU()
	if err := one(); err != nil {
		return 0, 0, err
	}
	fmt.Printf("%-36s %10.1f %10.1f\n", "  the first scan in process (cold)", float64(time.Since(t0).Microseconds())/1000, float64((selfCPU()-c0).Microseconds())/1000)
	var ts, cs []float64
	for i := 0; i < n; i++ {
		t0, c0 := time.Now(), selfCPU()
		if err := one(); err != nil {
			return 0, 0, err
		}
		ts = append(ts, float64(time.Since(t0).Microseconds())/1000)
		cs = append(cs, float64((selfCPU()-c0).Microseconds())/1000)
	}
	return median(ts), median(cs), nil
}

// selfCPU is this process's CPU time so far (user and system).
func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func okWord(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, " | ")
}

func must(err error) {
	if err != nil {
		fatalf("startup: %v", err)
	}
}

func fatalf(format string, a ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", a...)
	os.Exit(2)
}
