package analysis

import (
	"context"
	"strings"
	"testing"
)

// Options out of their advertised range are refused with a message, never taken (a table of
// a billion megabytes was allocated, and failed).
func TestSetOption(t *testing.T) {
	for _, c := range []struct {
		line, want string
	}{
		{"setoption name Hash value 999999999", "info string error: option Hash: \"999999999\" is not a number from 1 to 4096"},
		{"setoption name Hash value 0", "info string error: option Hash: \"0\" is not a number from 1 to 4096"},
		{"setoption name Threads value 65", "info string error: option Threads: \"65\" is not a number from 1 to 64"},
		{"setoption name multipv value x", "info string error: option MultiPV: \"x\" is not a number from 1 to 64"},
		{"setoption name Colour value 2", "info string error: unknown option \"Colour\""},
		{"setoption name hash value 2", "readyok"},
		{"setoption name MultiPV value 64", "readyok"},
	} {
		var out strings.Builder
		if err := serve(context.Background(), strings.NewReader(c.line+"\nisready\n"), &out, 1); err != nil {
			t.Fatal(err)
		}
		if got := strings.SplitN(out.String(), "\n", 2)[0]; got != c.want {
			t.Errorf("%s: answered %q, want %q", c.line, got, c.want)
		}
	}
}

// A session survives what ended or misled it: a line over 1 MiB ("token too long" ended the
// engine), a refused position (go then searched the one before), a movetime that overflowed
// into an unbounded search.
func TestProtocolHostileLines(t *testing.T) {
	for _, c := range []struct {
		lines string
		want  []string
	}{
		{"position " + strings.Repeat("x", 2<<20) + "\nisready\n",
			[]string{"info string error: a line longer than 1048576 bytes; ignored", "readyok"}},
		{"position kingulu startpos\nposition kingulu startpos moves Z9\ngo depth 1\nisready\n",
			[]string{"info string error:", "info string error: no position: send position first", "readyok"}},
		{"position kingulu startpos\ngo movetime 9223372036855\nisready\n",
			[]string{"info string error: go movetime 9223372036855: at most 86400000 ms", "readyok"}},
	} {
		var out strings.Builder
		if err := serve(context.Background(), strings.NewReader(c.lines), &out, 1); err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(got) != len(c.want) {
			t.Errorf("%.60q: answered %q, want %q", c.lines, got, c.want)
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(got[i], w) {
				t.Errorf("%.60q: line %d is %q, want %q", c.lines, i+1, got[i], w)
			}
		}
	}
}
