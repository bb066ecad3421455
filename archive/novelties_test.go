package archive

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestNovelties checks the index's novelties against a plain reading of the definition: games
// ordered by date, file and number; a game's novelty is its first ply whose position no
// earlier game reached, with the earlier games that reached the position before it. The
// archive holds random Kingulu games (four first moves, so they share openings), the same
// games cut short and dated otherwise (they follow an earlier game to their end: no novelty,
// or they are the earlier game), and games without a date.
func TestNovelties(t *testing.T) {
	f := &fixture{root: t.TempDir()}
	date := func(base int) func(i int) [][2]string {
		return func(i int) [][2]string {
			d := "????.??.??"
			if i%5 != 0 {
				d = fmt.Sprintf("%d.%02d.??", base+i%7, 1+i%12)
			}
			return [][2]string{{"Date", d}, {"Result", "*"}}
		}
	}
	f.addGames(t, "a.bgn", engine.Kingulu, 5, 200, date(1990), 40)
	f.addGames(t, "b/copies.bgn", engine.Kingulu, 5, 12, date(1985), 40) // the same games, shorter
	f.addGames(t, "c.bgn", engine.Kingulu, 6, 200, date(1993), 30)
	f.addGames(t, "d.bgn", engine.Kimasai, 7, 40, date(1990), 10)
	ix, _ := f.build(t, UpdateOptions{})

	order := slices.Clone(f.games)
	slices.SortStableFunc(order, func(a, b testGame) int {
		if c := strings.Compare(sortableDate(a.tags["Date"]), sortableDate(b.tags["Date"])); c != 0 {
			return c
		}
		af, an, _ := strings.Cut(a.id, "#")
		bf, bn, _ := strings.Cut(b.id, "#")
		if c := strings.Compare(af, bf); c != 0 {
			return c
		}
		var x, y int
		fmt.Sscan(an, &x)
		fmt.Sscan(bn, &y)
		return x - y
	})
	found, none := 0, 0
	for i, g := range order {
		reached := func(bpn string) int {
			n := 0
			for _, e := range order[:i] {
				if e.variant == g.variant && slices.Contains(e.path, bpn) {
					n++
				}
			}
			return n
		}
		var want *Novelty
		for ply := 1; ply < len(g.path); ply++ {
			if reached(g.path[ply]) == 0 {
				if k := reached(g.path[ply-1]); k > 0 {
					want = &Novelty{Ply: ply, Earlier: k}
				}
				break
			}
		}
		file, num, _ := strings.Cut(g.id, "#")
		var n int
		fmt.Sscan(num, &n)
		got, ok, err := ix.Novelty(file, n)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want == nil && ok:
			t.Errorf("%s (%s): novelty %+v, want none", g.id, g.tags["Date"], got)
		case want != nil && (!ok || got != *want):
			t.Errorf("%s (%s): novelty %+v (%v), want %+v", g.id, g.tags["Date"], got, ok, *want)
		case want != nil:
			found++
		default:
			none++
		}
	}
	if found < 20 || none < 10 {
		t.Errorf("%d games with a novelty, %d without: the archive tests too little", found, none)
	}
	// a game dated before all others changes the novelties of later games; the sums say so
	before := ix.NoveltiesSum("a.bgn")
	ix.Close()
	f.addGames(t, "0.bgn", engine.Kingulu, 5, 200, func(int) [][2]string { return [][2]string{{"Date", "1900.01.01"}} }, 3)
	if _, err := Update(context.Background(), f.root, UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(DefaultIndexDir(f.root))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if after := ix.NoveltiesSum("a.bgn"); after == before || before == "" {
		t.Errorf("the novelties of a.bgn did not change (%q, %q)", before, after)
	}
	if _, ok, _ := ix.Novelty("a.bgn", 1); ok {
		t.Errorf("a.bgn#1 is 0.bgn#1 played later: no novelty")
	}
}
