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
