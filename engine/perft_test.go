package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perft counts the move sequences of length depth from p (rules README section 6): every legal
// move counts, even two that reach the same position; a finished game contributes nothing.
func perft(p Position, depth int) int {
	if depth == 0 {
		return 1
	}
	cs := p.Children(nil)
	if depth == 1 {
		return len(cs)
	}
	n := 0
	for _, c := range cs {
		n += perft(c.Position, depth-1)
	}
	return n
}

// TestPerft checks testdata/perft.txt: lines "variant | BPN | n1 n2 n3 ...". The file is
// reviewed by hand and never regenerated. Deep levels are skipped with -short.
func TestPerft(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, "|")
		if len(parts) != 3 {
			t.Fatalf("perft.txt:%d: want 3 fields", line)
		}
		v, err := LookupVariant(strings.TrimSpace(parts[0]))
		if err != nil {
			t.Fatalf("perft.txt:%d: %v", line, err)
		}
		bpn := strings.TrimSpace(parts[1])
		if bpn == "start" {
			bpn = v.start
		}
		p, err := ParsePosition(v, bpn)
		if err != nil {
			t.Fatalf("perft.txt:%d: %v", line, err)
		}
		for i, s := range strings.Fields(parts[2]) {
			depth := i + 1
			want, _ := strconv.Atoi(s)
			if testing.Short() && want > 2000 {
				break
			}
			if got := perft(p, depth); got != want {
				t.Errorf("perft.txt:%d: %s depth %d: got %d, want %d", line, v.id, depth, got, want)
				for _, c := range p.Children(nil) {
					t.Logf("  %s: %d", v.FormatMove(c.Move), perft(c.Position, depth-1))
				}
				break
			}
		}
	}
}
