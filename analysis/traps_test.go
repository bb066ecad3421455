package analysis

import (
	"context"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// exhaustive holds the outcomes found so far and how many more positions may be looked at.
type exhaustive struct {
	known  map[uint64][2]int
	budget int
}

// outcome is the exact result of p for the player to move (1 win, 0 draw, -1 loss) and the
// most plies a game from p can last, by trying every line: the test's own reference. A line
// that comes back to a position (Bao Kingulu has no rule against it) lasts for ever.
func (s *exhaustive) outcome(p engine.Position) (int, int) {
	if st := p.Status(); st != engine.Ongoing {
		if w, ok := st.Winner(); ok {
			if w == p.ToMove() {
				return 1, 0
			}
			return -1, 0
		}
		return 0, 0
	}
	k := p.Hash()
	if r, ok := s.known[k]; ok {
		return r[0], r[1]
	}
	s.known[k] = [2]int{0, forever}
	if s.budget--; s.budget < 0 { // too big a tree: left lasting for ever
		return 0, forever
	}
	best, longest := -1, 0
	for _, c := range p.Children(nil) {
		o, h := s.outcome(c.Position)
		best, longest = max(best, -o), min(max(longest, h+1), forever)
	}
	s.known[k] = [2]int{best, longest}
	return best, longest
}

const forever = 1 << 20

// TestPrefersTraps finds Bao Kingulu positions near the end of random games that are drawn
// with several moves holding the draw, which leave the opponent different shares of losing
// replies, and checks that the engine, searching to the end of the game, plays a drawing move
// with the largest share.
func TestPrefersTraps(t *testing.T) {
	v, err := engine.LookupVariant("kingulu")
	if err != nil {
		t.Fatal(err)
	}
	s := &exhaustive{}
	checked := 0
	for i := uint64(0); i < 300 && checked < 5; i++ {
		g := engine.RandomGame(v.Start(), engine.NewRand(5, i), 400)
		ps := g.Positions()
		s.known = map[uint64][2]int{} // the games share few positions
		for j := max(len(ps)-16, 0); j < len(ps)-1; j++ {
			p := ps[j]
			s.budget = 20000
			if o, h := s.outcome(p); o != 0 || h > 30 {
				continue
			}
			// The share of losing replies after each drawing move.
			shares := map[int]float64{}
			most := 0.0
			for _, c := range p.Children(nil) {
				if o, _ := s.outcome(c.Position); o != 0 || c.Position.Status() != engine.Ongoing {
					continue
				}
				rs := c.Position.Children(nil)
				losing := 0
				for _, r := range rs {
					if o, _ := s.outcome(r.Position); o == 1 { // a win for the engine's side
						losing++
					}
				}
				shares[c.Move.Key()] = float64(losing) / float64(len(rs))
				most = max(most, shares[c.Move.Key()])
			}
			if len(shares) < 2 || most == 0 {
				continue
			}
			checked++
			r := NewSearcher(4).Search(context.Background(), p, nil, Limits{Depth: 32}, nil)
			l := r.Lines[0]
			got, ok := shares[l.Moves[0].Key()]
			switch {
			case l.Score != 0 || !ok:
				t.Errorf("%s: plays %s scoring %d, not one of the drawing moves", p, v.FormatMove(l.Moves[0]), l.Score)
			case got != most:
				t.Errorf("%s: plays %s, which leaves %.2f of the replies losing; another drawing move leaves %.2f", p, v.FormatMove(l.Moves[0]), got, most)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("found only %d drawn positions with a choice of traps", checked)
	}
	t.Logf("%d positions checked", checked)
}
