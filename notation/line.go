package notation

import (
	"fmt"
	"strings"

	"github.com/bao-archive/bao/engine"
)

// IsMoveNumber recognises the move numbers of movetext, "12." and "12...": a line of moves
// pasted from a record holds them.
func IsMoveNumber(tok string) bool {
	t := strings.TrimRight(tok, ".")
	return t != tok && t != "" && strings.Trim(t, "0123456789") == ""
}

// LineError is a move of a line that PlayLine could not play.
type LineError struct {
	N     int    // the move's number in the line, 1-based, move numbers not counted
	Token string // as written
	Err   error
}

func (e *LineError) Error() string { return fmt.Sprintf("move %d (%s): %v", e.N, e.Token, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// PlayLine plays a line of move tokens on g, from its position, move numbers skipped. The
// first move that cannot be played stops it, as a *LineError naming it; the moves before it
// are played.
func PlayLine(g *engine.Game, toks []string) error {
	n := 0
	for _, tok := range toks {
		if IsMoveNumber(tok) {
			continue
		}
		n++
		if _, err := g.PlayToken(tok); err != nil {
			return &LineError{N: n, Token: tok, Err: err}
		}
	}
	return nil
}
