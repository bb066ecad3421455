package main

import (
	"bufio"
	"github.com/bao-archive/bao/internal/race"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const messy = "[Variant \"kingulu\"] [Event \"x\"]\n1.A3! a1 {c} 2.A4 *\n"

const tidy = `[Event "x"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[South "?"]
[North "?"]
[Result "*"]
[Variant "Bao Kingulu"]

1. A3 $1 a1 {c} 2. A4 *
`

func TestFmtStdout(t *testing.T) {
	path := writeTemp(t, "g.bgn", messy)
	code, out, errOut := runBao(t, "", "fmt", path, path)
	if code != 0 || out != tidy+"\n"+tidy || errOut != "" {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	if b, _ := os.ReadFile(path); string(b) != messy {
		t.Error("fmt without -w changed the file")
	}
}

func TestFmtWrite(t *testing.T) {
	path := writeTemp(t, "g.bgn", messy)
	os.Chmod(path, 0o600)
	if code, out, errOut := runBao(t, "", "fmt", "-w", path); code != 0 || out != "" || errOut != "" {
		t.Fatalf("exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(b) != tidy || st.Mode().Perm() != 0o600 {
		t.Errorf("rewritten as %q, mode %v", b, st.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestFmtSyntaxError: a file with syntax errors is reported and never rewritten.
func TestFmtSyntaxError(t *testing.T) {
	broken := messy + "[Variant \"kingulu\"] A3 {never closed\n"
	path := writeTemp(t, "g.bgn", broken)
	code, out, errOut := runBao(t, "", "fmt", "-w", path)
	if code != 1 || out != "" || !strings.Contains(errOut, path+":3:24: game 2: unterminated comment") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	if b, _ := os.ReadFile(path); string(b) != broken {
		t.Error("a file with syntax errors was rewritten")
	}
}

// TestFmtNoGames: a file without games (empty, blank, escape lines alone) is reported, as
// bao validate reports it, and left alone; printing it prints nothing.
func TestFmtNoGames(t *testing.T) {
	for _, src := range []string{"", "\n\n", "% only an escape line\n"} {
		for _, args := range [][]string{{"fmt"}, {"fmt", "-w"}} {
			path := writeTemp(t, "g.bgn", src)
			code, out, errOut := runBao(t, "", append(args, path)...)
			if code != 1 || out != "" || errOut != path+": no games in this file\n" {
				t.Errorf("%v on %q: exit %d, stdout %q, stderr %q", args, src, code, out, errOut)
			}
			if b, _ := os.ReadFile(path); string(b) != src {
				t.Errorf("%v: a file without games was rewritten as %q", args, b)
			}
		}
	}
}

// TestFmtKeepsEscapeLines: -w never drops % escape lines silently.
func TestFmtKeepsEscapeLines(t *testing.T) {
	src := "% kept by the club's scorer\n" + messy
	path := writeTemp(t, "g.bgn", src)
	code, _, errOut := runBao(t, "", "fmt", "-w", path)
	if b, _ := os.ReadFile(path); code != 1 || string(b) != src || !strings.Contains(errOut, "1 % escape line(s)") {
		t.Fatalf("exit %d, stderr %q, file now %q", code, errOut, b)
	}
	if code, _, errOut := runBao(t, "", "fmt", "-w", "--drop-escapes", path); code != 0 {
		t.Fatalf("--drop-escapes: exit %d: %s", code, errOut)
	}
	if b, _ := os.ReadFile(path); string(b) != tidy {
		t.Errorf("after --drop-escapes:\n%s", b)
	}
}

// TestFmtStreams: fmt read whole files into memory (2.2 GB for a 143 MB file, so about 750 MB
// for this one). It now reads and writes record by record: rewriting a 48 MB file stays small
// (70 MB alone, up to 250 MB on a machine loaded by the other tests). The command runs in a
// process of its own, whose peak memory the kernel reports.
func TestFmtStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 48 MB file")
	}
	if race.Enabled {
		t.Skip("a memory bound: the race detector multiplies memory (3.9 GB here)")
	}
	path := filepath.Join(t.TempDir(), "big.bgn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for st, _ := f.Stat(); st.Size() <= 48<<20; st, _ = f.Stat() {
		for range 1000 {
			w.WriteString(messy + "\n")
		}
		w.Flush()
	}
	f.Close()
	cmd := exec.Command(os.Args[0], "fmt", "-w", path)
	// A soft memory limit makes the collector keep up even when the machine is loaded (a
	// starved collector let the heap reach 250 MB); a whole-file reader passes it regardless.
	cmd.Env = append(os.Environ(), "BAO_TEST_AS_CLI=1", "GOMEMLIMIT=64MiB")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no resource usage on this system")
	}
	if rss := ru.Maxrss >> 10; rss > 400 { // kilobytes on Linux; the test binary alone takes about 50 MB
		t.Errorf("bao fmt -w of a 48 MB file reached %d MB", rss)
	} else {
		t.Logf("bao fmt -w of a 48 MB file: at most %d MB resident", rss)
	}
}
