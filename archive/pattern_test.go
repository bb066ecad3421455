package archive

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

func TestParsePatternErrors(t *testing.T) {
	start := engine.Kiswahili.Start().String()
	for _, tc := range []struct{ pattern, want string }{
		{"", "empty"},
		{"1,2,3", "1 rows, a kiswahili position has 4"},
		{strings.Replace(start, "0,2,2,6", "0,2,2", 1), "row 2 has 7 pits, not 8"},
		{strings.Replace(start, "0,2,2,6", "0,2,y,6", 1), `row 2, pit 3: "y" is not a count`},
		{strings.Replace(start, "0,2,2,6", "0,2,5-3,6", 1), `"5-3" is an empty range`},
		{strings.Replace(start, "0,2,2,6", "0,2,-3,6", 1), `"-3" is not a count`},
		{strings.Replace(start, "0,2,2,6", "0,2,300,6", 1), `"300" is not a count`},
		{strings.Replace(start, "22-22", "22", 1), "field 3 (22) is two counts"},
		{strings.Replace(start, "22-22", "2-4-6", 1), `"4-6" is not a count`},
		{start + " x", "6 fields, a kiswahili position has 5"},
	} {
		_, err := ParsePattern(engine.Kiswahili, tc.pattern)
		if err == nil || !errors.Is(err, ErrBadQuery) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want ErrBadQuery with %q", tc.pattern, err, tc.want)
		}
	}
	for _, ok := range []string{start, "x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/0-2,6+,x,x,x,x,x,x/x,x,x,x,x,x,x,x x x-0 h", "x,x,x,x,x,x/x,x,x,x,x,x"} {
		v := engine.Kiswahili
		if strings.Count(ok, ",") == 10 {
			v = engine.Kingulu
		}
		if _, err := ParsePattern(v, ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

// bruteGame is a generated game as the brute-force scan sees it: every position's BPN split
// by the test's own reading, and the canonical moves.
type bruteGame struct {
	n      int
	v      *engine.Variant
	counts [][]int
	tails  [][]string
	moves  []string
}

// bruteMatch is the pattern semantics of spec section 6.2, written out plainly: each pit token
// is x, N, N-M or N+, each later field x or, for a field of two counts, two tokens of x, N or
// N+, else the same text.
func bruteMatch(pits, fields []string, counts []int, tail []string) bool {
	tok := func(t string, n int) bool {
		switch {
		case t == "x":
			return true
		case strings.HasSuffix(t, "+"):
			lo, _ := strconv.Atoi(strings.TrimSuffix(t, "+"))
			return n >= lo
		case strings.Contains(t, "-"):
			a, b, _ := strings.Cut(t, "-")
			lo, _ := strconv.Atoi(a)
			hi, _ := strconv.Atoi(b)
			return lo <= n && n <= hi
		}
		v, _ := strconv.Atoi(t)
		return v == n
	}
	for i, t := range pits {
		if !tok(t, counts[i]) {
			return false
		}
	}
	for i, f := range fields[1:] {
		if f == "x" {
			continue
		}
		a, b, pair := strings.Cut(tail[i], "-")
		if pair && a != "" && b != "" {
			pa, pb, _ := strings.Cut(f, "-")
			na, _ := strconv.Atoi(a)
			nb, _ := strconv.Atoi(b)
			if !tok(pa, na) || !tok(pb, nb) {
				return false
			}
		} else if f != tail[i] {
			return false
		}
	}
	return true
}

// brutePlayed gives the plies from which the sequence was played.
func brutePlayed(seq, moves []string) []int {
	var at []int
	for i := 0; i+len(seq) <= len(moves); i++ {
		ok := true
		for k, m := range seq {
			played := moves[i+k]
			if m != played && (strings.ContainsAny(m, "*#") || strings.TrimRight(played, "*#") != m) {
				ok = false
				break
			}
		}
		if ok {
			at = append(at, i)
		}
	}
	return at
}

// randomPattern makes a pattern from a position of the games: some pits kept, some widened to
// a range or N+, the rest x; the later fields kept or x.
func randomPattern(r *rand.Rand, g bruteGame, ply int) string {
	var pits []string
	for _, c := range g.counts[ply] {
		switch k := r.IntN(20); {
		case k < 14:
			pits = append(pits, "x")
		case k < 16:
			pits = append(pits, strconv.Itoa(c))
		case k < 18:
			pits = append(pits, fmt.Sprintf("%d-%d", max(c-1, 0), c+r.IntN(3)))
		default:
			pits = append(pits, fmt.Sprintf("%d+", c))
		}
	}
	var rows []string
	for _, row := range strings.Split(strings.Fields(g.v.Start().String())[0], "/") {
		n := strings.Count(row, ",") + 1
		rows = append(rows, strings.Join(pits[:n], ","))
		pits = pits[n:]
	}
	fields := []string{strings.Join(rows, "/")}
	for _, f := range g.tails[ply] {
		switch k := r.IntN(4); {
		case k < 2:
			fields = append(fields, "x")
		case k == 2 && strings.Contains(f, "-") && f != "-":
			a, _, _ := strings.Cut(f, "-")
			fields = append(fields, a+"+-x")
		default:
			fields = append(fields, f)
		}
	}
	return strings.Join(fields, " ")
}

// TestPatternScanAgainstBruteForce writes 10,000 Bao la Kiswahili games and 500 of Bao la Kete
// (the same board, so the variant must be told apart) to position stores and checks the scan
// against a brute-force reading of every position for 20 patterns and 6 sequences.
func TestPatternScanAgainstBruteForce(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	dir := t.TempDir()
	var all []bruteGame
	var stores []string
	for f, spec := range []struct {
		v *engine.Variant
		n int
	}{{engine.Kiswahili, games / 2}, {engine.Kete, 500}, {engine.Kiswahili, games - games/2}} {
		pw, err := newPositionWriter(dir)
		if err != nil {
			t.Fatal(err)
		}
		for i := range spec.n {
			g := engine.RandomGame(spec.v.Start(), engine.NewRand(uint64(f), uint64(i)), 150)
			s := gameSource{variant: spec.v}
			bg := bruteGame{n: i + 1, v: spec.v}
			p := g.Start()
			s.path = append(s.path, p)
			for _, m := range g.Moves() {
				s.moves = append(s.moves, spec.v.FormatMove(m))
				p, _ = p.Apply(m)
				s.path = append(s.path, p)
			}
			for _, p := range s.path {
				fields := strings.Fields(p.String())
				var counts []int
				for _, c := range strings.FieldsFunc(fields[0], func(r rune) bool { return r == ',' || r == '/' }) {
					n, _ := strconv.Atoi(c)
					counts = append(counts, n)
				}
				bg.counts = append(bg.counts, counts)
				bg.tails = append(bg.tails, fields[1:])
			}
			bg.moves = s.moves
			if err := pw.add(i+1, s); err != nil {
				t.Fatal(err)
			}
			all = append(all, bg)
		}
		hash := fmt.Sprintf("store%d", f)
		if err := pw.commit(hash); err != nil {
			t.Fatal(err)
		}
		stores = append(stores, positionsFile(dir, hash))
	}
	storeOf := func(k int) int { // which store game k of all is in
		switch {
		case k < games/2:
			return 0
		case k < games/2+500:
			return 1
		}
		return 2
	}

	r := rand.New(rand.NewPCG(7, 7))
	start := engine.Kiswahili.Start().String()
	patterns := []string{
		start,
		"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x",
		"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/0,0,0,0,0,0,0,0/x,x,x,x,x,x,x,x x x",
		"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,6+,x,x,x,x/x,x,x,x,x,x,x,x S x H",
		"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x x 0-0 -",
		"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x N x-20 h x",
		"0,0,0,0,0,0,0,0/x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/0,0,0,0,0,0,0,0 x 10+-10+",
		"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/10+,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x",
	}
	for len(patterns) < 20 {
		k := r.IntN(len(all))
		if all[k].v != engine.Kiswahili {
			continue
		}
		patterns = append(patterns, randomPattern(r, all[k], r.IntN(len(all[k].counts))))
	}
	var seqs [][]string
	for len(seqs) < 6 {
		g := all[r.IntN(len(all))]
		if g.v != engine.Kiswahili || len(g.moves) < 4 {
			continue
		}
		i := r.IntN(len(g.moves) - 3)
		seq := slices.Clone(g.moves[i : i+1+len(seqs)%3])
		if len(seqs)%2 == 1 {
			for j := range seq {
				seq[j] = strings.TrimRight(seq[j], "*#")
			}
		}
		seqs = append(seqs, seq)
	}

	type key struct{ store, game int }
	check := func(name string, q lineQuery, want func(bruteGame) []int) {
		t.Helper()
		got := map[key][]int{}
		for s, path := range stores {
			found, err := scanStore(path, q)
			if err != nil {
				t.Fatal(err)
			}
			for n, plies := range found {
				got[key{s, n}] = plies
			}
		}
		matched := 0
		for k, g := range all {
			var w []int
			if g.v == q.variant {
				w = want(g)
			}
			kk := key{storeOf(k), g.n}
			if !slices.Equal(got[kk], w) {
				t.Errorf("%s: game %v: scan %v, brute force %v", name, kk, got[kk], w)
				return
			}
			if len(w) > 0 {
				matched++
			}
		}
		t.Logf("%s: %d games", name, matched)
	}
	for _, pat := range patterns {
		p, err := ParsePattern(engine.Kiswahili, pat)
		if err != nil {
			t.Fatal(err)
		}
		fields := strings.Fields(pat)
		pits := strings.FieldsFunc(fields[0], func(r rune) bool { return r == ',' || r == '/' })
		check(pat, lineQuery{variant: engine.Kiswahili, pattern: p}, func(g bruteGame) []int {
			var plies []int
			for i := range g.counts {
				if bruteMatch(pits, fields, g.counts[i], g.tails[i]) {
					plies = append(plies, i)
				}
			}
			return plies
		})
	}
	for _, seq := range seqs {
		check(strings.Join(seq, " "), lineQuery{variant: engine.Kiswahili, played: seq}, func(g bruteGame) []int {
			return brutePlayed(seq, g.moves)
		})
	}
}

func TestSearchPattern(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	ctx := context.Background()
	kingulu := "x,x,x,x,x,x/x,x,x,x,x,x x 0-0"
	res, err := ix.Search(ctx, Query{Variant: "kingulu", Pattern: kingulu, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	// every Kingulu game starts with empty stores: all match at ply 0 at least
	want := f.ids(func(g testGame) bool { return g.variant == engine.Kingulu })
	var got []string
	for _, h := range res.Hits {
		got = append(got, h.ID)
		if len(h.Reached) == 0 || h.Reached[0] != 0 {
			t.Errorf("%s reached %v, want 0 first", h.ID, h.Reached)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) || res.Pattern != kingulu {
		t.Errorf("kingulu pattern: %v (%q), want %v", got, res.Pattern, want)
	}
	// the other parts of the query still apply
	if ids := hitIDs(t, ix, Query{Variant: "kingulu", Pattern: kingulu, Text: "event:Broken"}); !slices.Equal(ids, []string{"bad/illegal.bgn#1"}) {
		t.Errorf("pattern and event: %v", ids)
	}
	g := f.games[0]
	ids := hitIDs(t, ix, Query{Variant: "kiswahili", Played: g.moves[2:4]})
	if !slices.Contains(ids, g.id) {
		t.Errorf("played %v: %v lacks %s", g.moves[2:4], ids, g.id)
	}
	for _, q := range []Query{{Pattern: kingulu}, {Played: []string{"A3"}}, {Variant: "kingulu", Pattern: "1,2"}} {
		if _, err := ix.Search(ctx, q); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%+v: %v, want ErrBadQuery", q, err)
		}
	}
}

// TestPositionStoresFollowTheFiles: a changed file gets a new store, the old one goes, and an
// index without stores (an older bao's) is completed by reading the files again.
func TestPositionStoresFollowTheFiles(t *testing.T) {
	f := newFixture(t)
	dir := DefaultIndexDir(f.root)
	update(t, f.root, UpdateOptions{})
	stores := func() []string {
		names, _ := filepath.Glob(filepath.Join(dir, positionsDir, "*.pos"))
		return names
	}
	before := stores()
	if len(before) == 0 {
		t.Fatal("no position stores written")
	}
	f.addGames(t, "kingulu.bgn", engine.Kingulu, 9, 100, func(i int) [][2]string { return nil }, 2)
	update(t, f.root, UpdateOptions{})
	after := stores()
	if len(after) != len(before) || slices.Equal(after, before) {
		t.Errorf("after a change: %v, before %v", after, before)
	}
	for _, s := range after {
		if err := os.Remove(s); err != nil {
			t.Fatal(err)
		}
	}
	if sum := update(t, f.root, UpdateOptions{}); sum.Read == 0 {
		t.Errorf("stores removed, yet nothing read again: %+v", sum)
	}
	if got := stores(); !slices.Equal(got, after) {
		t.Errorf("stores made again: %v, want %v", got, after)
	}
}

// FuzzParsePattern: any text is a pattern or a bad query (ErrBadQuery), never a panic; a
// pattern's text reads back as a pattern that matches exactly the same positions (tried on
// positions of a random game, and on the start); the start's own BPN as a pattern matches it.
func FuzzParsePattern(f *testing.F) {
	for _, s := range []string{"x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/0,0,0-2,x,x,x,x,x/x,x,x,x,x,x,x,x N x Hh x",
		"2+,x,x,x,x,x/x,x,x,x,x,0", "x", "", "1-0,x", "x S 5+-x", "x/x/x/x", "99999999999999999999,x"} {
		for v := range byte(len(engine.Variants())) {
			f.Add(v, s)
		}
	}
	f.Fuzz(func(t *testing.T, vi byte, s string) {
		v := engine.Variants()[int(vi)%len(engine.Variants())]
		start := v.Start()
		if p, err := ParsePattern(v, start.String()); err != nil || !p.Match(start.String()) {
			t.Fatalf("the start as a pattern: %v", err)
		}
		p, err := ParsePattern(v, s)
		if err != nil {
			if !errors.Is(err, ErrBadQuery) {
				t.Fatalf("%q: an error not of kind ErrBadQuery: %v", s, err)
			}
			return
		}
		again, err := ParsePattern(v, p.String())
		if err != nil || again.String() != p.String() {
			t.Fatalf("%q reads as %q, which reads as %v, %v", s, p.String(), again, err)
		}
		pos := start
		g := engine.RandomGame(start, engine.NewRand(uint64(len(s)), uint64(vi)), 40)
		for _, m := range append(g.Moves(), engine.Move{}) {
			if p.Match(pos.String()) != again.Match(pos.String()) {
				t.Fatalf("%q and its reading %q disagree on %s", s, p.String(), pos)
			}
			if next, err := pos.Apply(m); err == nil {
				pos = next
			}
		}
	})
}
