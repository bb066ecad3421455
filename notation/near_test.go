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
