package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

func TestPlayLine(t *testing.T) {
	for _, tc := range []struct {
		line  string
		plies int
		err   string
	}{
		{"A3 a4 A1", 3, ""},
		{"1. A3 a4 2. A1", 3, ""},
		{"1... A3", 1, ""},
		{"1. A3 a4 2. A9", 2, "move 3 (A9):"},
		{"", 0, ""},
	} {
		g := engine.NewGame(engine.Kingulu.Start())
		err := PlayLine(g, strings.Fields(tc.line))
		var le *LineError
		switch {
		case tc.err == "" && err != nil, tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err) || !errors.As(err, &le)):
			t.Errorf("%q: error %v, want %q", tc.line, err, tc.err)
		case len(g.Moves()) != tc.plies:
			t.Errorf("%q: %d plies played, want %d", tc.line, len(g.Moves()), tc.plies)
		}
	}
	for tok, want := range map[string]bool{"12.": true, "12...": true, "12": false, ".": false, "A3.": false} {
		if IsMoveNumber(tok) != want {
			t.Errorf("IsMoveNumber(%q) = %v", tok, !want)
		}
	}
}
