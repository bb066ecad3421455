package notation

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// slips are the scribe's errors the corruption tests make, each undone by one edit.
var slips = []string{"direction", "neighbour", "row", "digit", "suffix", "left-out", "twice", "extra"}

// slip makes one scribe's error at written move i of tokens (canonical tokens of a game
// played from start), or reports false where the slip cannot be made there.
func slip(kind string, tokens []string, i int, rnd *rand.Rand, start engine.Position) ([]string, bool) {
	out := slices.Clone(tokens)
	t := tokens[i]
	sh, _ := readShape(t)
	v := start.Variant()
	width := 0
	for x := range v.Pits() {
		width = max(width, v.Number(engine.Pit(x)))
	}
	pit := func(row byte, num int) string { return string(row) + strconv.Itoa(num) }
	core := pit(sh.row, sh.num)
	tail := t[len(core):]
	switch kind {
	case "direction":
		if sh.dir == 0 {
			return nil, false
		}
		d := map[byte]string{'<': ">", '>': "<"}[sh.dir]
		out[i] = core + d + sh.rest
	case "neighbour":
		n := sh.num + 1
		if n > width || rnd.IntN(2) == 0 && sh.num > 1 {
			n = sh.num - 1
		}
		out[i] = pit(sh.row, n) + tail
	case "row":
		other := map[byte]byte{'A': 'B', 'B': 'A', 'a': 'b', 'b': 'a'}[sh.row]
		if _, err := v.ParsePit(pit(other, sh.num)); err != nil {
			return nil, false
		}
		out[i] = pit(other, sh.num) + tail
	case "digit":
		for p := range confusable {
			for k, n := range p {
				if n == sh.num && p[1-k] <= width {
					out[i] = pit(sh.row, p[1-k]) + tail
					return out, true
				}
			}
		}
		return nil, false
	case "suffix":
		if sh.dir == 0 {
			return nil, false
		}
		if strings.Contains(sh.rest, "+") {
			out[i] = strings.Replace(t, "+", "", 1)
		} else {
			out[i] = core + string(sh.dir) + "+" + sh.rest
		}
	case "left-out":
		out = slices.Delete(out, i, i+1)
	case "twice":
		out = slices.Insert(out, i, t)
	case "extra":
		g := engine.NewGame(start)
		for _, tok := range tokens[:i] {
			g.PlayToken(tok)
		}
		ms := g.Position().Moves()
		if len(ms) == 0 {
			return nil, false
		}
		out = slices.Insert(out, i, v.FormatMove(ms[rnd.IntN(len(ms))]))
	}
	return out, true
}

// corrupted is a record of the game with the scribe's slips at the given written moves.
func corrupted(v *engine.Variant, tokens []string, result string, kinds []string, at []int, rnd *rand.Rand) (*Record, bool) {
	w := tokens
	for k := len(at) - 1; k >= 0; k-- { // from the end, so that earlier places stay put
		var ok bool
		if w, ok = slip(kinds[k], w, at[k], rnd, v.Start()); !ok {
			return nil, false
		}
	}
	r := &Record{File: "t.bgn", Number: 1, Tags: []Tag{{Name: "Variant", Value: v.Name}}, Result: result}
	for _, t := range w {
		r.Moves = append(r.Moves, &Node{Token: t})
	}
	if Verify(r) == nil {
		return nil, false // the slips left a legal game that agrees with its result: nothing to find
	}
	return r, true
}

// rankOf is the 1-based rank of the repair that gives back the true tokens, 0 if none does.
func rankOf(r *Record, reps []Repair, truth []string) int {
	for k, rep := range reps {
		var got []string
		for _, n := range r.Repaired(rep, false).Moves {
			got = append(got, n.Token)
		}
		if slices.Equal(got, truth) {
			return k + 1
		}
	}
	return 0
}

// TestRepairRanking corrupts engine-played games of all four variants with every kind of
// slip, one and two at a time, near the start, the middle and the end, and asserts that the
// true repair comes first in at least 80% of them and in the top 3 in at least 95%.
func TestRepairRanking(t *testing.T) {
	rnd := rand.New(rand.NewPCG(14, 1))
	var cases, first, top3 int
	var misses []string
	for _, v := range engine.Variants() {
		for seed := uint64(0); seed < 3; seed++ {
			g := engine.RandomGame(v.Start(), engine.NewRand(seed+100, 0), 150)
			if len(g.Moves()) < 40 {
				continue
			}
			rec := FromGame(nil, g)
			var tokens []string
			for _, n := range rec.Moves {
				tokens = append(tokens, n.Token)
			}
			n := len(tokens)
			places := map[string]int{"start": 2 + rnd.IntN(6), "middle": n/2 - 3 + rnd.IntN(6), "end": n - 1 - rnd.IntN(4)}
			for _, kind := range slips {
				for where, i := range places {
					for errs := 1; errs <= 2; errs++ {
						kinds, at := []string{kind}, []int{i}
						if errs == 2 {
							j := (i + n/3) % (n - 2)
							kinds, at = []string{kind, slips[rnd.IntN(len(slips))]}, []int{min(i, j), max(i, j)}
							if at[1]-at[0] < 8 {
								continue
							}
							if at[0] == j {
								kinds[0], kinds[1] = kinds[1], kinds[0]
							}
						}
						r, ok := corrupted(v, tokens, rec.Result, kinds, at, rnd)
						if !ok {
							continue
						}
						reps, err := Repairs(r, RepairOptions{})
						if err != nil {
							t.Fatal(err)
						}
						cases++
						switch k := rankOf(r, reps, tokens); {
						case k == 1:
							first++
							top3++
						case k > 0 && k <= 3:
							top3++
							fallthrough
						default:
							misses = append(misses, fmt.Sprintf("%s seed %d %v at %v (%s): rank %d of %d", v.ID, seed, kinds, at, where, k, len(reps)))
						}
					}
				}
			}
		}
	}
	t.Logf("%d corrupted games: true repair first in %d (%.1f%%), top 3 in %d (%.1f%%)",
		cases, first, 100*float64(first)/float64(cases), top3, 100*float64(top3)/float64(cases))
	for _, m := range misses {
		t.Log(m)
	}
	if cases < 100 || float64(first) < 0.8*float64(cases) || float64(top3) < 0.95*float64(cases) {
		t.Errorf("%d cases, first %d, top 3 %d: below 80%% / 95%%", cases, first, top3)
	}
}

// TestIllegibleReading: '?' is an unknown move standing alone, the unread rest of an
// incomplete token right after it, and a glyph after a complete token; the writer gives back
// what was read.
func TestIllegibleReading(t *testing.T) {
	tests := []struct{ src, want string }{
		{`[Variant "kiswahili"] 1. A6< ? 2. A?< a3? 3. ?6> A6<? b2?< ?< B4<! a1?? *`,
			"A6< | ? | A?< | a3? | ?6> | A6< $2 | b2?< | ?< | B4< $1 | a1 $4"},
		{`[Variant "kingulu"] A3? a1 ?? A? ? *`, "A3 $2 | a1 $4 | A? | ?"},
		{`[Variant "kimasai"] B12? ?12 b? *`, "B12 $2 | ?12 | b?"},
		{`A3? a1 *`, "A3 $2 | a1"}, // no variant: a glyph, as before
	}
	for _, tc := range tests {
		recs, err := Parse("t.bgn", strings.NewReader(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		show := func(r *Record) string {
			var out []string
			for _, n := range r.Moves {
				s := n.Token
				for _, g := range n.NAGs {
					s += " $" + strconv.Itoa(g)
				}
				out = append(out, s)
			}
			return strings.Join(out, " | ")
		}
		if got := show(recs[0]); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.src, got, tc.want)
		}
		again, err := Parse("t.bgn", strings.NewReader(Format(recs[0])))
		if err != nil || show(again[0]) != tc.want {
			t.Errorf("%s: written and read again: %s, %v", tc.src, show(again[0]), err)
		}
	}
}
