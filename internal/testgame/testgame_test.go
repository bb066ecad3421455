package testgame

import (
	"fmt"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestLine: every line replays, k and step choose different games, and a line stops where the
// game ends.
func TestLine(t *testing.T) {
	for _, v := range engine.Variants() {
		seen := map[string]bool{}
		for k := range 3 {
			for step := range 2 {
				toks := Line(v, 400, k, step)
				g := engine.NewGame(v.Start())
				for i, tok := range toks {
					if _, err := g.PlayToken(tok); err != nil {
						t.Fatalf("%s k=%d step=%d ply %d %s: %v", v.ID(), k, step, i+1, tok, err)
					}
				}
				if len(toks) < 400 && g.Position().Status() == engine.Ongoing {
					t.Errorf("%s k=%d step=%d: stopped after %d plies in an ongoing game", v.ID(), k, step, len(toks))
				}
				seen[fmt.Sprint(toks)] = true
			}
		}
		if len(seen) < 4 {
			t.Errorf("%s: %d different games of 6", v.ID(), len(seen))
		}
	}
}
