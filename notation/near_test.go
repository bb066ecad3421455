package notation

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestNearFindsCopiesAndNoFalsePairs: 1,000 distinct self-played games with players and dates,
// and 100 copies of some of them made as a second source would print them: one to three moves
// changed, the date changed, or the players' names spelt otherwise. Near must pair at least 95
// copies with their originals and pair no two distinct games.
func TestNearFindsCopiesAndNoFalsePairs(t *testing.T) {
	games, copies := 1000, 100
	if testing.Short() {
		games, copies = 200, 40
	}
	rnd := rand.New(rand.NewPCG(5, 5))
	names := []string{"Ali Juma", "Mwana Hassan", "Bwana Kombo", "Haji Mzee", "Salim Omar", "Fatuma Said", "Rashid Abdalla", "Zuberi Ali"}
	v := engine.Kiswahili
	var recs []*Record
	var distinct Duplicates // random games can repeat one another: those are one game
	for i := 0; len(recs) < games; i++ {
		g := engine.RandomGame(v.Start(), engine.NewRand(77, uint64(i)), 300)
		tags := []Tag{{Name: "Date", Value: fmt.Sprintf("19%02d.%02d.%02d", 60+rnd.IntN(40), 1+rnd.IntN(12), 1+rnd.IntN(28))},
			{Name: "South", Value: names[rnd.IntN(len(names))]}, {Name: "North", Value: names[rnd.IntN(len(names))]}}
		r := FromGame(tags, g)
		r.File, r.Number = "a.bgn", len(recs)+1
		if _, dup := distinct.Add(r); !dup {
			recs = append(recs, r)
		}
	}
	original := map[int]int{} // copy's number -> original's
	var cps []*Record
	for k := range copies {
		o := recs[rnd.IntN(games)]
		c := &Record{File: "b.bgn", Number: k + 1, Tags: append([]Tag(nil), o.Tags...), Result: o.Result}
		for _, n := range o.Moves {
			c.Moves = append(c.Moves, &Node{Token: n.Token})
		}
		switch k % 3 {
		case 0: // one to three moves misprinted
			for range 1 + rnd.IntN(3) {
				i := rnd.IntN(len(c.Moves))
				c.Moves[i].Token = slipToken(c.Moves[i].Token, rnd)
			}
		case 1:
			c.SetTag("Date", strings.Replace(c.Tag("Date"), ".", ".1", 1)[:10])
		case 2:
			for _, side := range []string{"South", "North"} {
				first, last, _ := strings.Cut(c.Tag(side), " ")
				c.SetTag(side, strings.ToUpper(last)+", "+first)
			}
		}
		original[k+1] = o.Number
		cps = append(cps, c)
	}
	n := Near{Key: func(s string) string { // what event.Key does, for these names
		if last, first, ok := strings.Cut(s, ", "); ok {
			s = first + " " + last
		}
		return strings.ToLower(s)
	}}
	for _, r := range append(recs, cps...) {
		n.Add(r)
	}
	found, wrong := 0, 0
	for _, p := range n.Pairs() {
		switch {
		case p.A.File == "a.bgn" && p.B.File == "b.bgn" && original[p.B.Game] == p.A.Game:
			found++
		case p.A.File == "b.bgn" && p.B.File == "b.bgn" && original[p.A.Game] == original[p.B.Game]:
			// two copies of one game: right, not counted
		default:
			wrong++
			t.Errorf("false pair: %+v", p)
		}
	}
	t.Logf("%d of %d copies paired with their original, %d false pairs among %d games", found, copies, wrong, games)
	if found*100 < 95*copies {
		t.Errorf("%d of %d copies found, want at least 95%%", found, copies)
	}
}

// slipToken misprints a move: its pit number one off.
func slipToken(tok string, rnd *rand.Rand) string {
	sh, _ := readShape(tok)
	num := sh.num + 1
	if num > 8 || sh.num > 1 && rnd.IntN(2) == 0 {
		num = sh.num - 1
	}
	return string(sh.row) + fmt.Sprint(num) + tok[len(string(sh.row)+fmt.Sprint(sh.num)):]
}

// TestNearFragment: a fragment of a game (plies 21-30 and 41-50 lost, each gap followed by its
// checkpoint) is near the whole game, with each gap and the moves it stands for, whichever of
// the two comes first; a fragment with one surviving move changed is not, nor one too short to
// tell a game.
func TestNearFragment(t *testing.T) {
	v := engine.Kiswahili
	g := engine.RandomGame(v.Start(), engine.NewRand(3, 3), 300)
	if len(g.Moves()) < 60 {
		t.Fatalf("a game of %d plies; the test needs 60", len(g.Moves()))
	}
	whole := FromGame(nil, g)
	whole.File, whole.Number = "whole.bgn", 1
	// fragment keeps plies 1-upTo but those of lost (0-based, from-to) and changes one
	fragment := func(upTo int, change int, lost ...[2]int) *Record {
		r := &Record{File: "fragment.bgn", Number: 1, Tags: whole.Tags}
		p := g.Start()
		for i, m := range g.Moves()[:upTo] {
			tok := v.FormatMove(m)
			if i == change {
				tok = slipToken(tok, rand.New(rand.NewPCG(1, 1)))
			}
			p, _ = p.Apply(m)
			gone := false
			for _, l := range lost {
				gone = gone || i >= l[0] && i < l[1]
				if i == l[1]-1 {
					r.Moves = append(r.Moves, &Node{Token: GapToken, After: []Comment{{Text: FormatCommand("pos", p.String())}}})
				}
			}
			if !gone {
				r.Moves = append(r.Moves, &Node{Token: tok})
			}
		}
		return r
	}
	gaps := [][2]int{{20, 30}, {40, 50}}
	join := func(from, to int) string {
		var toks []string
		for _, m := range g.Moves()[from:to] {
			toks = append(toks, v.FormatMove(m))
		}
		return strings.Join(toks, " ")
	}
	for _, tt := range []struct {
		name      string
		recs      []*Record
		want      int
		gapsOfA   bool
		wantPlies []int
	}{
		{"fragment first", []*Record{fragment(60, -1, gaps...), whole}, 1, true, []int{21, 32}},
		{"whole first", []*Record{whole, fragment(60, -1, gaps...)}, 1, false, []int{21, 41}},
		{"a surviving move changed", []*Record{whole, fragment(60, 35, gaps...)}, 0, false, nil},
		{"too short to tell", []*Record{whole, fragment(25, -1, [2]int{10, 20})}, 0, false, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var n Near
			for _, r := range tt.recs {
				n.Add(r)
			}
			pairs := n.Pairs()
			if len(pairs) != tt.want {
				t.Fatalf("%d pairs, want %d: %+v", len(pairs), tt.want, pairs)
			}
			if tt.want == 0 {
				return
			}
			p := pairs[0]
			if p.Edits != 0 || len(p.Moves) != 2 || p.Gaps() != 2 {
				t.Fatalf("pair %+v: want 0 edits and the 2 gaps", p)
			}
			for k, d := range p.Moves {
				gap, lost := d.A, d.B
				if !tt.gapsOfA {
					gap, lost = d.B, d.A
				}
				from := []int{20, 40}[k]
				if d.Ply != tt.wantPlies[k] || gap != GapToken || lost != join(from, from+10) {
					t.Errorf("gap %d: %+v, want ply %d, the gap, and %q", k+1, d, tt.wantPlies[k], join(from, from+10))
				}
			}
		})
	}
}
