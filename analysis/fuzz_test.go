package analysis

import (
	"context"
	"strings"
	"testing"
)

// FuzzPositionCommand feeds the engine protocol's position command arbitrary words: it must
// give a game or an error, never panic.
func FuzzPositionCommand(f *testing.F) {
	for _, s := range []string{
		"kiswahili startpos moves A6<* a5<",
		"kingulu bpn 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 - moves A3",
		"kimasai startpos moves A1-B1",
		"kete bpn moves",
		"zanzibar startpos moves",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := parsePositionCommand(strings.Fields(s))
		if err == nil && g == nil {
			t.Fatal("no game and no error")
		}
	})
}

// FuzzServe runs whole protocol sessions whose searches are bounded: every line is answered
// or refused, never a panic or a hang.
func FuzzServe(f *testing.F) {
	f.Add("uci\nisready\nposition kingulu startpos\ngo depth 2\nstop\nquit\n")
	f.Add("setoption name Threads value 2\nposition kete startpos moves A6<*\ngo nodes 500\n")
	f.Add("go\nposition\nsetoption name Hash value x\n")
	f.Fuzz(func(t *testing.T, in string) {
		// Keep the searches short: only depth and node limits, small ones.
		for _, w := range []string{"infinite", "movetime", "Hash"} {
			if strings.Contains(in, w) {
				return
			}
		}
		var lines []string
		for _, l := range strings.Split(in, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == "go" {
				l = "go nodes 300"
			}
			lines = append(lines, l)
		}
		var out strings.Builder
		if err := serve(context.Background(), strings.NewReader(strings.Join(lines, "\n")), &out, 1); err != nil && !strings.Contains(err.Error(), "token too long") {
			t.Fatal(err)
		}
	})
}
