package engine

import (
	"errors"
	"maps"
	"slices"
	"testing"
)

// TestKimasaiRepetition: a position that recurs in the game's history is a draw (rules 6.2).
// Whether play can reach a repetition is open (7.4), so, as the rules advise, the test gives
// the game a history that already holds the position its next move reaches.
func TestKimasaiRepetition(t *testing.T) {
	g := NewGame(Kimasai.Start())
	if _, err := g.PlayToken("A2"); err != nil {
		t.Fatal(err)
	}
	next, err := g.Position().Apply(Move{Pit: Kimasai.PitAt(North, 1, 11)}) // b11, no capture
	if err != nil {
		t.Fatal(err)
	}
	g.seen[next] = 1 // as if it had occurred earlier in the game
	if g.Status() != Ongoing {
		t.Fatalf("status before the repeat: %s", g.Status())
	}
	if _, err := g.PlayToken("b11"); err != nil {
		t.Fatal(err)
	}
	if g.Status() != Draw {
		t.Errorf("after the repeat: %s, want draw", g.Status())
	}
	if _, err := g.PlayToken("A3"); !errors.Is(err, ErrGameOver) {
		t.Errorf("a move after the draw: %v, want game over", err)
	}
	if next.Status() != Ongoing {
		t.Errorf("the position alone is %s: repetition needs the history", next.Status())
	}
}

// TestGameUndo: undoing a move restores the position and the repetition count.
func TestGameUndo(t *testing.T) {
	g := NewGame(Kimasai.Start())
	g.PlayToken("A2")
	before := g.Position()
	next, _ := before.Apply(Move{Pit: Kimasai.PitAt(North, 1, 11)})
	g.seen[next] = 1
	if _, err := g.PlayToken("b11"); err != nil || g.Status() != Draw {
		t.Fatalf("setup: %v %s", err, g.Status())
	}
	if !g.Undo() || g.Status() != Ongoing || g.Position() != before || len(g.Moves()) != 1 {
		t.Fatalf("after undo: %s %s", g.Status(), g.Position())
	}
	g.Undo()
	if g.Undo() {
		t.Error("undo with no moves reported true")
	}
}

// TestGameUndoAcrossCapture: after a capture the repetition count starts afresh; undoing the
// capture brings back the count of the stretch before it.
func TestGameUndoAcrossCapture(t *testing.T) {
	g := NewGame(Kimasai.Start())
	if _, err := g.PlayToken("A2"); err != nil { // captures a12 and b12
		t.Fatal(err)
	}
	if len(g.seen) != 1 {
		t.Fatalf("after a capture the count holds %d positions, want 1", len(g.seen))
	}
	g.Undo()
	if len(g.seen) != 1 || g.seen[Kimasai.Start()] != 1 {
		t.Fatalf("after undoing the capture: %v", g.seen)
	}
	for _, tok := range []string{"A2", "b11", "A3", "b10"} {
		if _, err := g.PlayToken(tok); err != nil {
			t.Fatal(err)
		}
	}
	g.Undo()
	g.Undo()
	if g.Status() != Ongoing || len(g.seen) != 2 {
		t.Errorf("after undoing two quiet moves: %s, %d positions counted", g.Status(), len(g.seen))
	}
}

// TestGamePrefix: the game after its first n moves, read from the history, is the game played
// to n: the same positions, moves and repetition count; playing on it leaves the whole game as
// it was.
func TestGamePrefix(t *testing.T) {
	toks := []string{"A2", "b11", "A3", "b10", "A4"}
	g := NewGame(Kimasai.Start())
	for _, tok := range toks {
		if _, err := g.PlayToken(tok); err != nil {
			t.Fatal(err)
		}
	}
	whole := slices.Clone(g.Positions())
	for n := 0; n <= len(toks); n++ {
		want := NewGame(Kimasai.Start())
		for _, tok := range toks[:n] {
			want.PlayToken(tok)
		}
		p := g.Prefix(n)
		if !slices.Equal(p.Positions(), want.Positions()) || !slices.Equal(p.Moves(), want.Moves()) || !maps.Equal(p.seen, want.seen) {
			t.Errorf("prefix %d: %v %v, want %v %v", n, p.Moves(), p.seen, want.Moves(), want.seen)
		}
		if n < len(toks) {
			if _, err := p.PlayToken(want.Position().Variant().FormatMove(want.Position().Moves()[0])); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !slices.Equal(g.Positions(), whole) {
		t.Error("playing on a prefix changed the game")
	}
}
