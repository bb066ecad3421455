package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Error kinds; test them with errors.Is.
var (
	ErrUnknownVariant = errors.New("unknown variant")
	ErrBadPosition    = errors.New("bad position")
	ErrBadPit         = errors.New("bad pit")
	ErrBadMove        = errors.New("bad move token")
	ErrIllegalMove    = errors.New("illegal move")
	ErrAmbiguousMove  = errors.New("ambiguous move")
	ErrSuffixMismatch = errors.New("move suffix does not match the move")
	ErrGameOver       = errors.New("game is over")
	// ErrNeverEnding marks a sowing that would repeat forever (rules README 2.3).
	ErrNeverEnding = errors.New("move never ends")
	// ErrBudget: checking the move would take more relay laps than the game's budget
	// (Game.SetBudget) has left; whether it is legal is not known.
	ErrBudget = errors.New("move too costly to check")
)

// PositionError says which field of a BPN string is wrong.
type PositionError struct {
	Field string // "board", "row 2", "side", "reserves", "stores", "houses", "block", "reserved"
	Msg   string
}

func (e *PositionError) Error() string { return fmt.Sprintf("bad position: %s: %s", e.Field, e.Msg) }
func (e *PositionError) Unwrap() error { return ErrBadPosition }

func posErr(field, format string, args ...any) error {
	return &PositionError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// MoveError explains why a move token cannot be played in a position. Err is one of
// ErrBadMove, ErrIllegalMove, ErrAmbiguousMove, ErrSuffixMismatch, ErrGameOver or ErrBudget;
// Legal lists the legal moves (for an ambiguous token, only the candidates it fits).
type MoveError struct {
	Token  string
	Err    error
	Reason string
	Legal  []string
	// NeverEnding: the move is illegal because its sowing would repeat forever; errors.Is
	// then matches ErrNeverEnding as well as ErrIllegalMove.
	NeverEnding bool
}

func (e *MoveError) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	if e.Token != "" {
		fmt.Fprintf(&b, " %s", e.Token)
	}
	if e.Reason != "" {
		fmt.Fprintf(&b, ": %s", e.Reason)
	}
	if e.Err == ErrAmbiguousMove {
		fmt.Fprintf(&b, " (candidates: %s)", strings.Join(e.Legal, " "))
	} else if e.Err != ErrGameOver && e.Err != ErrBadMove && e.Err != ErrBudget {
		if len(e.Legal) == 0 {
			b.WriteString(" (no legal moves)")
		} else {
			fmt.Fprintf(&b, " (legal: %s)", strings.Join(e.Legal, " "))
		}
	}
	return b.String()
}

func (e *MoveError) Unwrap() []error {
	if e.NeverEnding {
		return []error{e.Err, ErrNeverEnding}
	}
	return []error{e.Err}
}
