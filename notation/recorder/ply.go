package recorder

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// ErrConflict marks a move sent for a ply that holds another move, or that is not the next.
var ErrConflict = errors.New("conflict")

// Plies is the number of moves the record holds.
func (s *Session) Plies() int { return len(s.game.Moves()) }

// PlayAt records tok as the game's ply-th move (1-based), with the mover's clock after it
// (H:MM:SS, "" for none), for clients that may send a move again after a lost answer: the
// move the record holds at that ply, sent again, changes nothing and succeeds; another move
// there, or a ply past the next, is an ErrConflict. It returns the position after the ply.
func (s *Session) PlayAt(ply int, tok, clock string) (engine.Position, error) {
	n := s.Plies()
	switch {
	case ply >= 1 && ply <= n:
		before, held := s.game.Positions()[ply-1], s.game.Moves()[ply-1]
		v := before.Variant()
		if m, err := before.ParseMove(tok); err != nil || v.FormatMove(m) != v.FormatMove(held) {
			return engine.Position{}, fmt.Errorf("%w: ply %d holds %s, not %s", ErrConflict, ply, v.FormatMove(held), tok)
		}
		return s.game.Positions()[ply], nil
	case ply != n+1:
		return engine.Position{}, fmt.Errorf("%w: ply %d is not the next: the record holds %d moves", ErrConflict, ply, n)
	case s.Over():
		return engine.Position{}, fmt.Errorf("%w: %w (%s)", ErrConflict, ErrFinished, s.rec.Result)
	}
	var after []notation.Comment
	if clock != "" {
		if err := parseClock(clock); err != nil {
			return engine.Position{}, err
		}
		after = []notation.Comment{clockComment(clock)}
	}
	if _, err := s.moveWith(tok, after); err != nil {
		return engine.Position{}, err
	}
	return s.game.Position(), nil
}

// UndoAt takes back the game's ply-th move, the last, for clients that may send it again: a
// record that holds ply-1 moves has it taken back already, and nothing changes.
func (s *Session) UndoAt(ply int) error {
	switch n := s.Plies(); {
	case ply == n+1:
		return nil
	case ply != n || n == 0:
		return fmt.Errorf("%w: ply %d is not the last: the record holds %d moves", ErrConflict, ply, n)
	}
	if s.ended != "" { // the result entered goes first
		if _, err := s.undo(""); err != nil {
			return err
		}
	}
	_, err := s.undo("")
	return err
}

// Positions are the game's positions from the start, one more than its moves.
func (s *Session) Positions() []engine.Position { return s.game.Positions() }

// Termination is why the game ended off the board (a Termination tag value), "" otherwise.
func (s *Session) Termination() string { return s.ended }

func clockComment(clock string) notation.Comment {
	return notation.Comment{Text: notation.FormatCommand("clk", clock)}
}

// Clock is the clock reading ([%clk H:MM:SS]) written after a move, "" for none.
func Clock(n *notation.Node) string {
	for _, c := range n.After {
		for _, cmd := range notation.Commands(c.Text) {
			if cmd.Name == "clk" && cmd.Closed && strings.HasPrefix(cmd.Args, " ") {
				return strings.TrimSpace(cmd.Args)
			}
		}
	}
	return ""
}
