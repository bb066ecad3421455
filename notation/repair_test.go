package notation

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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
	r := &Record{File: "t.bgn", Number: 1, Tags: []Tag{{Name: "Variant", Value: v.Name()}}, Result: result}
	for _, t := range w {
		r.Moves = append(r.Moves, &Node{Token: t})
	}
	if Verify(r) == nil {
		return nil, false // the slips left a legal game that agrees with its result: nothing to find
	}
	if len(at) > 1 { // each slip must be found on its own, or nothing tells it from the truth
		for k := range at {
			if _, ok := corrupted(v, tokens, result, kinds[k:k+1], at[k:k+1], rand.New(rand.NewPCG(uint64(k), 7))); !ok {
				return nil, false
			}
		}
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
	seeds, least := uint64(3), 200
	if testing.Short() {
		seeds, least = 1, 60
	}
	for _, v := range engine.Variants() {
		for seed := uint64(0); seed < seeds; seed++ {
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
							m := fmt.Sprintf("%s seed %d %v at %v (%s): rank %d of %d", v.ID(), seed, kinds, at, where, k, len(reps))
							for _, rep := range reps {
								m += fmt.Sprintf("\n\t%d: %+v", rep.Cost, rep.Edits)
							}
							misses = append(misses, m)
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
	if cases < least || float64(first) < 0.8*float64(cases) || float64(top3) < 0.95*float64(cases) {
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

// longGame is an engine-played game of v with at least plies moves (cut there), and its
// tokens; for Bao Kingulu, whose random games are short, the longest of a few hundred.
func longGame(t testing.TB, v *engine.Variant, plies int) (*Record, []string) {
	var longest *engine.Game
	for seed := uint64(0); seed < 300; seed++ {
		g := engine.RandomGame(v.Start(), engine.NewRand(seed, 14), plies)
		if longest == nil || len(g.Moves()) > len(longest.Moves()) {
			longest = g
		}
	}
	if g := longest; len(g.Moves()) >= min(plies, 40) {
		rec := FromGame(nil, g)
		rec.File, rec.Number = "t.bgn", 1
		var toks []string
		for _, n := range rec.Moves {
			toks = append(toks, n.Token)
		}
		return rec, toks
	}
	t.Fatalf("no %s game of %d plies", v.ID(), plies)
	return nil, nil
}

// withTokens is a copy of the record with another main line.
func withTokens(r *Record, toks []string) *Record {
	c := *r
	c.Moves = nil
	for i, tok := range toks {
		c.Moves = append(c.Moves, &Node{Token: tok, Pos: Pos{1, 1 + 10*i}})
	}
	return &c
}

// TestValidateThreeErrors: validate reports all three errors of a transcript, each after
// resynchronising with the true repair of the one before.
func TestValidateThreeErrors(t *testing.T) {
	for _, v := range engine.Variants() {
		rec, toks := longGame(t, v, 60)
		rnd := rand.New(rand.NewPCG(3, 3))
		var bad *Record
		for try := 0; try < 50 && bad == nil; try++ {
			n := len(toks)
			at := []int{n/6 + rnd.IntN(3), n/2 + rnd.IntN(3), 5*n/6 + rnd.IntN(3)}
			kinds := []string{"neighbour", "left-out", "twice"}
			w := toks
			ok := true
			for k := 2; k >= 0 && ok; k-- {
				w, ok = slip(kinds[k], w, at[k], rnd, v.Start())
			}
			if ok {
				bad = withTokens(rec, w)
			}
		}
		errs := Verify(bad)
		if len(errs) != 3 {
			t.Errorf("%s: %d errors, want 3:\n%v", v.ID(), len(errs), errs)
			continue
		}
		for _, e := range errs {
			if !strings.Contains(e.Error(), "resynchronised") {
				t.Errorf("%s: %v", v.ID(), e)
			}
		}
	}
}

// TestGaps: an illegible move the rest of the game allows one way validates and is what
// Repairs fills in; one it allows several ways (the last move of an unfinished game) is an
// error listing every completion.
func TestGaps(t *testing.T) {
	unique := 0
	for _, v := range engine.Variants() {
		rec, toks := longGame(t, v, 60)
		for _, i := range []int{5, 20, 30, 45} {
			w := slices.Clone(toks)
			w[i] = "?"
			r := withTokens(rec, w)
			errs := Verify(r)
			reps, err := Repairs(r, RepairOptions{})
			switch {
			case err != nil || len(reps) == 0 || reps[0].Corrections() > 0:
				t.Errorf("%s ? at %d: repairs %v, %v", v.ID(), i, reps, err)
			case len(errs) == 0:
				if len(reps) != 1 || reps[0].Edits[0].Now != toks[i] {
					t.Errorf("%s ? at %d validates, but the fill is %v, not %s", v.ID(), i, reps, toks[i])
				}
				unique++
			case !errors.Is(errs, ErrIllegible) || !slices.Contains(errs[0].Legal, toks[i]) || len(errs[0].Legal) != len(reps):
				t.Errorf("%s ? at %d: %v (completions %v, %d repairs)", v.ID(), i, errs, errs[0].Legal, len(reps))
			}
		}
		// The last move of an unfinished game can be any legal move.
		w := slices.Clone(toks)
		w[len(w)-1] = "?"
		r := withTokens(rec, w)
		g := engine.NewGame(v.Start())
		for _, tok := range toks[:len(toks)-1] {
			g.PlayToken(tok)
		}
		var want []string
		for _, m := range g.Position().Moves() {
			want = append(want, v.FormatMove(m))
		}
		slices.Sort(want)
		errs := Verify(r)
		if len(want) > 1 && (len(errs) != 1 || !errors.Is(errs, ErrIllegible) || !slices.Equal(slices.Sorted(slices.Values(errs[0].Legal)), want)) {
			t.Errorf("%s last move ?: %v (completions %v), want %v", v.ID(), errs, errs, want)
		}
	}
	if unique == 0 {
		t.Error("no gap had a unique completion")
	}
}

// TestPartialTokens: a partial token is filled only with the moves that fit what is known.
func TestPartialTokens(t *testing.T) {
	tests := []struct {
		pat  string
		fits []string
		not  []string
	}{
		{"A?<", []string{"A1<", "A12<", "A6<*"}, []string{"A1>", "B1<", "a1<", "A4<+"}},
		{"?6>", []string{"A6>", "b6>*"}, []string{"A6<", "A5>", "B6>+"}},
		{"a3?", []string{"a3<", "a3>+*", "a3"}, []string{"a4<", "A3<"}},
		{"?", []string{"A1", "b12<**#"}, nil},
		{"A?", []string{"A1", "A5", "A3<"}, []string{"a5", "B5"}},
		{"A?<*", []string{"A3<*", "A3<**"}, []string{"A3<"}},
	}
	for _, tc := range tests {
		sh, ok := readShape(tc.pat)
		if !ok {
			t.Fatalf("%q is not read", tc.pat)
		}
		for _, tok := range tc.fits {
			if !fits(sh, tok) {
				t.Errorf("%q does not fit %q", tok, tc.pat)
			}
		}
		for _, tok := range tc.not {
			if fits(sh, tok) {
				t.Errorf("%q fits %q", tok, tc.pat)
			}
		}
	}
}

// TestPosPattern: x in a [%pos] checkpoint matches any count; the rest must agree.
func TestPosPattern(t *testing.T) {
	p := engine.Kingulu.Start()
	tests := []struct {
		body string
		ok   bool
	}{
		{"4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -", true},
		{"x,4,x,4,4,4/4,4,4,4,4,x S x-0 -", true},
		{"x,x,x,x,x,x/x,x,x,x,x,x S x-x -", true},
		{"x,5,4,4,4,4/4,4,4,4,4,4 S 0-0 -", false},
		{"x,4,4,4,4,4/4,4,4,4,4,4 N 0-0 -", false},
		{"x,4,4,4,4/4,4,4,4,4,4 S 0-0 -", false},
	}
	for _, tc := range tests {
		if err := checkPos(tc.body, p, "here"); (err == nil) != tc.ok {
			t.Errorf("%q: %v", tc.body, err)
		}
	}
}

// TestRepairedWas: an applied repair keeps what was written in [%was], and the written record
// reads back to the same moves.
func TestRepairedWas(t *testing.T) {
	recs, _ := Parse("t.bgn", strings.NewReader("[Variant \"Bao Kingulu\"]\n1. A3 a2 {c} 2. A2 A2 a1 3. A1 *"))
	r := recs[0]
	rep := Repair{Edits: []Edit{{Ply: 2, Op: Replace, Was: "a2", Now: "a1"}, {Ply: 4, Op: Delete, Was: "A2"}, {Ply: 5, Op: Insert, Now: "a3"}}}
	out := Format(r.Repaired(rep, true))
	for _, want := range []string{"1. A3 a1 {c} {[%was a2]} 2. A2 {[%was A2 A2]}", "2... a3 {[%was]} 3. a1 A1"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	again, err := Parse("t.bgn", strings.NewReader(out))
	if err != nil || Format(again[0]) != out {
		t.Errorf("not a fixed point: %v\n%s", err, out)
	}
	if was, ok := again[0].Moves[1].Was(); !ok || was != "a2" {
		t.Errorf("Was: %q %v", was, ok)
	}
}

// TestRepairCheckpoints: a [%pos] checkpoint, with x for the counts a diagram leaves out,
// decides between completions the moves alone allow.
func TestRepairCheckpoints(t *testing.T) {
	tested := 0
	for _, v := range engine.Variants() {
		rec, toks := longGame(t, v, 40)
		g := engine.NewGame(v.Start())
		for _, tok := range toks {
			g.PlayToken(tok)
		}
		if len(g.Positions()[len(toks)-1].Moves()) < 2 || g.Status() != engine.Ongoing {
			continue // the last move was forced, or it ended the game: nothing to decide
		}
		w := slices.Clone(toks)
		w[len(w)-1] = "?"
		r := withTokens(rec, w)
		if errs := Verify(r); !errors.Is(errs, ErrIllegible) {
			t.Fatalf("%s: without a checkpoint the last ? is ambiguous: %v", v.ID(), errs)
		}
		// The diagram after the last move, with its first count unread.
		f := strings.SplitN(g.Position().String(), ",", 2)
		last := r.Moves[len(r.Moves)-1]
		last.After = []Comment{{Text: "[%pos x," + f[1] + "]"}}
		if errs := Verify(r); errs != nil {
			t.Errorf("%s: %v", v.ID(), errs)
		}
		reps, err := Repairs(r, RepairOptions{})
		if err != nil || len(reps) != 1 || reps[0].Edits[0].Now != toks[len(toks)-1] {
			t.Errorf("%s: repairs %+v, %v; want the fill %s", v.ID(), reps, err, toks[len(toks)-1])
		}
		tested++
	}
	if tested < 2 {
		t.Errorf("only %d variants had an open last move", tested)
	}
}

// A search with a huge MaxEdits keeps a bounded number of repairs: it held every one it
// found (gigabytes in seconds) and ranked them long past its budget.
func TestRepairsBounded(t *testing.T) {
	g := engine.RandomGame(engine.Kete.Start(), engine.NewRand(2, 0), 30)
	rec := FromGame(nil, g)
	rec.Moves[3].Token = rec.Moves[5].Token // a slip early on: many ways on
	s, e := newSearch(rec, 3*time.Second)
	if e != nil {
		t.Fatal(e)
	}
	s.max = 1000000
	s.from(0, 0, noEdit)
	if len(s.sols) > maxRepairs {
		t.Errorf("%d repairs kept, at most %d wanted", len(s.sols), maxRepairs)
	}
}

// A large MaxEdits still finds the one slip first (it listed chains of 21 corrections).
func TestRepairsSmallestFirst(t *testing.T) {
	g := engine.RandomGame(engine.Kete.Start(), engine.NewRand(2, 0), 30)
	rec := FromGame(nil, g)
	was := rec.Moves[3].Token
	rec.Moves[3].Token = rec.Moves[5].Token
	for _, max := range []int{2, 3, 1000000} {
		reps, err := Repairs(rec, RepairOptions{MaxEdits: max, Budget: 10 * time.Second})
		if err != nil || len(reps) == 0 {
			t.Fatalf("max %d: %v", max, err)
		}
		if n := reps[0].Corrections(); n > 2 {
			t.Errorf("max %d: the best repair makes %d corrections (%v), want at most 2 (the slip was %s)", max, n, reps[0].Edits, was)
		}
	}
}
