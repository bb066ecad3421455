package analysis

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// solver decides "the player to move wins within n of his own moves" by trying every line,
// with no evaluation, no table and no pruning but the short cuts of and/or: the independent
// reference the search is checked against. path holds the positions since the last capture
// (Bao la Kimasai's repetitions); a repetition is a draw, so never a win.
type solver struct {
	v    *engine.Variant
	path []engine.Position
}

// wins reports whether the mover in p wins within n moves.
func (s *solver) wins(p engine.Position, n int) bool {
	if n == 0 {
		return false
	}
	me := p.ToMove()
	for _, c := range p.Children(nil) {
		if s.winsWith(c, me, n) {
			return true
		}
	}
	return false
}

// winsWith reports whether the move to c wins for me within n of his moves, c the first.
func (s *solver) winsWith(c engine.Child, me engine.Side, n int) bool {
	return s.enter(c, func() bool {
		switch st := c.Position.Status(); {
		case st != engine.Ongoing:
			w, won := st.Winner()
			return won && w == me
		case n == 1:
			return false
		}
		for _, r := range c.Position.Children(nil) {
			if !s.enter(r, func() bool {
				if st := r.Position.Status(); st != engine.Ongoing {
					w, won := st.Winner()
					return won && w == me
				}
				return s.wins(r.Position, n-1)
			}) {
				return false
			}
		}
		return true
	})
}

// enter plays c on the path and calls f, unless c repeats a position: a draw, which is no win.
func (s *solver) enter(c engine.Child, f func() bool) bool {
	if !s.v.DrawsByRepetition() {
		return f()
	}
	saved := s.path
	if c.Move.Flags&engine.Capture != 0 {
		s.path = nil
	} else if slices.Contains(s.path, c.Position) {
		return false
	}
	s.path = append(s.path[:len(s.path):len(s.path)], c.Position)
	ok := f()
	s.path = saved
	return ok
}

// winIn is the exact number of moves to the mover's forced win, up to max, or 0.
func (s *solver) winIn(p engine.Position, hist []engine.Position, max int) int {
	for n := 1; n <= max; n++ {
		s.path = append(slices.Clone(hist), p)
		if s.wins(p, n) {
			return n
		}
	}
	return 0
}

// forcedWins finds, in seeded random games of v, a position with a forced win in exactly n
// moves for each n in 1..3, by the solver alone: of those found, the one with most moves.
func forcedWins(t *testing.T, v *engine.Variant) map[int]engine.Position {
	found := map[int]engine.Position{}
	sv := &solver{v: v}
	for i := uint64(0); i < 200 && (len(found) < 3 || i < 40); i++ {
		g := engine.RandomGame(v.Start(), engine.NewRand(17, i), 400)
		ps := g.Positions()
		// Look back from the end, where wins are near and the lines few.
		for j := len(ps) - 2; j >= 0 && j >= len(ps)-14; j-- {
			p := ps[j]
			if p.Status() != engine.Ongoing {
				continue
			}
			if n := sv.winIn(p, nil, 3); n > 0 {
				if q, ok := found[n]; !ok || len(p.Moves()) > len(q.Moves()) {
					found[n] = p
				}
			}
		}
	}
	if len(found) < 3 {
		t.Fatalf("%s: found forced wins only in %v moves", v.ID(), found)
	}
	return found
}

func TestForcedWins(t *testing.T) {
	if testing.Short() {
		t.Skip("the exhaustive solver takes seconds")
	}
	for _, v := range engine.Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			for n, p := range forcedWins(t, v) {
				// The win is seen as soon as its last move is searched: the position that
				// move leaves, lost for the player to move there, is a leaf at depth 2n-1.
				leaf := NewSearcher(4).Search(context.Background(), p, nil, Limits{Depth: 2*n - 1}, nil)
				if got, ok := leaf.Lines[0].WinIn(); !ok || got != n {
					t.Errorf("%s: to depth %d, win_in %d (proven %v), want %d", p, 2*n-1, got, ok, n)
				}
				s := NewSearcher(4)
				r := s.Search(context.Background(), p, nil, Limits{Depth: 2*n + 1}, nil)
				got, ok := r.Lines[0].WinIn()
				if !ok || got != n {
					t.Errorf("%s: win_in %d (proven %v), want %d", p, got, ok, n)
					continue
				}
				// The move found wins: after it the opponent loses in n-1 of his moves.
				t.Logf("win in %d: %s (%d moves), best line %d plies, %d nodes", n, p, len(p.Moves()), len(r.Lines[0].Moves), r.Nodes)
				best := r.Lines[0].Moves[0]
				after, err := p.Apply(best)
				if err != nil {
					t.Fatal(err)
				}
				if n > 1 {
					r2 := s.Search(context.Background(), after, []engine.Position{p}, Limits{Depth: 2 * n}, nil)
					if got, ok := r2.Lines[0].WinIn(); !ok || got != -(n-1) {
						t.Errorf("%s after %s: win_in %d (proven %v), want %d", p, v.FormatMove(best), got, ok, -(n - 1))
					}
				}
			}
		})
	}
}

// TestTableKeepsProofs searches positions with a table warmed by other searches, including
// the same positions without their history, and checks every proven result against the
// solver and against a search with an empty table.
func TestTableKeepsProofs(t *testing.T) {
	if testing.Short() {
		t.Skip("the exhaustive solver takes seconds")
	}
	for _, v := range engine.Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			warm := NewSearcher(1)
			sv := &solver{v: v}
			checked := 0
			for i := uint64(0); i < 6; i++ {
				g := engine.RandomGame(v.Start(), engine.NewRand(99, i), 400)
				ps := g.Positions()
				for j := max(len(ps)-12, 1); j < len(ps)-1; j++ {
					p, hist := ps[j], ps[max(j-8, 0):j]
					if !v.DrawsByRepetition() {
						hist = nil
					}
					// Warm the table with the position alone, then search it with its history.
					warm.Search(context.Background(), p, nil, Limits{Depth: 5}, nil)
					got := warm.Search(context.Background(), p, hist, Limits{Depth: 5}, nil)
					cold := NewSearcher(1).Search(context.Background(), p, hist, Limits{Depth: 5}, nil)
					wg, okg := got.Lines[0].WinIn()
					wc, okc := cold.Lines[0].WinIn()
					if okg != okc || wg != wc {
						t.Errorf("%s: warm table proves %d (%v), empty table %d (%v)", p, wg, okg, wc, okc)
					}
					if okg && wg > 0 {
						checked++
						if want := sv.winIn(p, hist, wg); want != wg {
							t.Errorf("%s: search proves a win in %d, the solver finds %d", p, wg, want)
						}
					}
				}
			}
			t.Logf("%d proven wins checked", checked)
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, v := range engine.Variants() {
		p := engine.RandomGame(v.Start(), engine.NewRand(3, 0), 20).Position()
		var runs []string
		for range 2 {
			r := NewSearcher(8).Search(context.Background(), p, nil, Limits{Depth: 5, MultiPV: 2}, nil)
			runs = append(runs, fmt.Sprint(r.Lines, r.Depth, r.Nodes))
		}
		if runs[0] != runs[1] {
			t.Errorf("%s: two searches differ:\n%s\n%s", v.ID(), runs[0], runs[1])
		}
	}
}

func TestMultiPV(t *testing.T) {
	v := engine.Kiswahili
	p := engine.RandomGame(v.Start(), engine.NewRand(5, 0), 30).Position()
	r := NewSearcher(8).Search(context.Background(), p, nil, Limits{Depth: 4, MultiPV: 3}, nil)
	if len(r.Lines) != 3 {
		t.Fatalf("%d lines, want 3", len(r.Lines))
	}
	seen := map[engine.Move]bool{}
	for i, l := range r.Lines {
		if seen[l.Moves[0]] {
			t.Errorf("line %d repeats %s", i, v.FormatMove(l.Moves[0]))
		}
		seen[l.Moves[0]] = true
		if i > 0 && l.Score > r.Lines[i-1].Score {
			t.Errorf("line %d scores %d, more than line %d", i, l.Score, i-1)
		}
		// Each line's score is the score of its first move searched alone.
		after, _ := p.Apply(l.Moves[0])
		one := NewSearcher(8).Search(context.Background(), after, nil, Limits{Depth: 3}, nil)
		if -one.Lines[0].Score != l.Score {
			t.Errorf("line %d (%s) scores %d, alone %d", i, v.FormatMove(l.Moves[0]), l.Score, -one.Lines[0].Score)
		}
	}
}

// TestRepetitionBeatsTable: in Bao la Kimasai a move to a position of the history is a draw,
// even when the table, warmed by the same search without that history, holds a proven win
// for it.
func TestRepetitionBeatsTable(t *testing.T) {
	v := engine.Kimasai
	checked := 0
	for i := uint64(0); i < 40 && checked < 5; i++ {
		ps := engine.RandomGame(v.Start(), engine.NewRand(21, i), 400).Positions()
		for j := max(len(ps)-10, 0); j < len(ps)-1 && checked < 5; j++ {
			p := ps[j]
			s := NewSearcher(1)
			r := s.Search(context.Background(), p, nil, Limits{Depth: 6}, nil)
			if n, ok := r.Lines[0].WinIn(); !ok || n <= 0 || v.IsCapture(r.Lines[0].Moves[0]) {
				continue
			}
			best := r.Lines[0].Moves[0]
			q, _ := p.Apply(best)
			all := len(p.Moves())
			again := s.Search(context.Background(), p, []engine.Position{q}, Limits{Depth: 6, MultiPV: all}, nil)
			for _, l := range again.Lines {
				if l.Moves[0].Key() == best.Key() && l.Score != 0 {
					t.Errorf("%s: %s repeats the history, scored %d, want a draw", p, v.FormatMove(best), l.Score)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no position to check")
	}
}

// TestThreads: lazy SMP finds the same forced results as one thread.
func TestThreads(t *testing.T) {
	if testing.Short() {
		t.Skip("the exhaustive solver takes seconds")
	}
	for _, v := range []*engine.Variant{engine.Kiswahili, engine.Kimasai} {
		for n, p := range forcedWins(t, v) {
			r := NewSearcher(4).Search(context.Background(), p, nil, Limits{Depth: 2*n + 1, Threads: 3}, nil)
			if got, ok := r.Lines[0].WinIn(); !ok || got != n {
				t.Errorf("%s %s: three threads find win_in %d (%v), want %d", v.ID(), p, got, ok, n)
			}
		}
	}
}

// TestWinWithoutMoves: a move after which the opponent has no move, with no front row
// emptied (the win engine.Position.Expand leaves unflagged), is seen to win by a search to
// depth 1, where the position it leaves is a leaf.
func TestWinWithoutMoves(t *testing.T) {
	for _, v := range []*engine.Variant{engine.Kiswahili, engine.Kete} {
		found := 0
		for i := uint64(0); i < 300 && found < 5; i++ {
			ps := engine.RandomGame(v.Start(), engine.NewRand(23, i), 400).Positions()
			if len(ps) < 2 {
				continue
			}
			p := ps[len(ps)-2] // the last move ended the game, or the game ran out of plies
			cs, es := p.Children(nil), p.Expand(nil)
			for k := range cs {
				if cs[k].Move.Flags&engine.Wins == 0 || es[k].Move.Flags&engine.Wins != 0 {
					continue
				}
				found++
				r := NewSearcher(1).Search(context.Background(), p, nil, Limits{Depth: 1}, nil)
				if got, ok := r.Lines[0].WinIn(); !ok || got != 1 {
					t.Errorf("%s: %s leaves no move, but to depth 1 win_in is %d (proven %v)", p, v.FormatMove(cs[k].Move), got, ok)
				} else if m := r.Lines[0].Moves[0]; m.Flags&engine.Wins == 0 { // its token ends in #
					t.Errorf("%s: the line's winning move %s has no Wins flag", p, v.FormatMove(m))
				}
				break
			}
		}
		if found == 0 {
			t.Fatalf("%s: no win by leaving no move found", v.ID())
		}
	}
}

// TestEvalNeverProves: a static score, however lopsided the position, is never read as a
// proven result (Kingulu's tuned store weight times a full store would be).
func TestEvalNeverProves(t *testing.T) {
	v, err := engine.LookupVariant("kingulu")
	if err != nil {
		t.Fatal(err)
	}
	for _, bpn := range []string{"1,0,0,0,0,0/0,0,0,0,0,1 S 46-0 -", "1,0,0,0,0,0/0,0,0,0,0,1 N 46-0 -"} {
		p, err := engine.ParsePosition(v, bpn)
		if err != nil {
			t.Fatal(err)
		}
		s := evaluate(&p, weightsOf(v))
		if _, proven := (Line{Score: s}).WinIn(); proven {
			t.Errorf("%s: static score %d reads as a proven result", bpn, s)
		}
	}
}
