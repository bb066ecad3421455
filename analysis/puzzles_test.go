package analysis

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// puzzleGames is how many self-played games of each game family TestPuzzles searches:
// BAO_PUZZLE_GAMES=500 (make puzzles) for the full check, a few in make test.
func puzzleGames(t *testing.T) int {
	if s := os.Getenv("BAO_PUZZLE_GAMES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("BAO_PUZZLE_GAMES=%q: want a number of games", s)
		}
		return n
	}
	if testing.Short() {
		return 3
	}
	return 12
}

// TestPuzzles finds the puzzles of self-played games of every family and checks each one
// with the exhaustive solver: the mover wins in exactly WinIn moves, no other first move wins
// within WinIn, and the solution is a game the mover wins with WinIn moves of his.
func TestPuzzles(t *testing.T) {
	games := puzzleGames(t)
	for _, v := range engine.Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			t.Parallel()
			s := NewSearcher(16)
			rule := DefaultPuzzleRule
			sv := &solver{v: v}
			found, missed, positions := 0, 0, 0
			themes := map[string]int{}
			start := time.Now()
			for i := range games {
				g := engine.RandomGame(v.Start(), engine.NewRand(1, uint64(i)), 2000)
				rec := notation.FromGame(nil, g)
				positions += len(g.Moves())
				s.Clear()
				pzs, err := FindPuzzles(context.Background(), s, rec, rule.ScanLimits(), rule, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, pz := range pzs {
					checkPuzzle(t, sv, pz, g)
					if pz.Found {
						found++
					} else {
						missed++
					}
					for _, th := range pz.Themes {
						themes[th]++
					}
				}
			}
			t.Logf("%d games, %d positions in %v: %d puzzles found, %d missed, themes %v", games, positions, time.Since(start).Round(time.Millisecond), found, missed, themes)
			if found+missed == 0 {
				t.Errorf("no puzzle in %d games", games)
			}
		})
	}
}

func checkPuzzle(t *testing.T, sv *solver, pz Puzzle, g *engine.Game) {
	t.Helper()
	p, n, v := pz.Position, pz.WinIn, pz.Position.Variant()
	if g.Positions()[pz.Ply-1] != p {
		t.Errorf("puzzle at ply %d: its position is not the game's", pz.Ply)
	}
	if got := sv.winIn(p, nil, n); got != n {
		t.Errorf("%s: puzzle says win in %d, the solver finds %d", p, n, got)
		return
	}
	me := p.ToMove()
	for _, c := range p.Children(nil) {
		if c.Move.Key() == pz.Solution[0].Key() {
			continue
		}
		sv.path = []engine.Position{p}
		if sv.winsWith(c, me, n) {
			t.Errorf("%s: %s wins within %d as well as %s", p, v.FormatMove(c.Move), n, v.FormatMove(pz.Solution[0]))
		}
	}
	q := p
	for i, m := range pz.Solution {
		next, err := q.Apply(m)
		if err != nil {
			t.Fatalf("%s: solution move %d %s: %v", p, i+1, v.FormatMove(m), err)
		}
		q = next
	}
	if w, ok := q.Status().Winner(); !ok || w != me || len(pz.Solution) != 2*n-1 {
		t.Errorf("%s: the solution %v (%d moves) does not end in a win in %d", p, Tokens(v, pz.Solution), len(pz.Solution), n)
	}
	if pz.Found != (g.Moves()[pz.Ply-1].Key() == pz.Solution[0].Key()) {
		t.Errorf("%s: found %v, but the game played %s", p, pz.Found, v.FormatMove(g.Moves()[pz.Ply-1]))
	}
}
