package archive

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
)

func TestSearchFields(t *testing.T) {
	f := newFixture(t)
	ix, sum := f.build(t, UpdateOptions{})
	if sum.Files != 6 || sum.Games != len(f.games) || sum.ErrorGames != 2 {
		t.Errorf("summary %+v, want 6 files, %d games, 2 with errors", sum, len(f.games))
	}
	isPlayer := func(name string) func(g testGame) bool {
		return func(g testGame) bool {
			return strings.EqualFold(g.tags["South"], name) || strings.EqualFold(g.tags["North"], name)
		}
	}
	year := func(g testGame) string { return g.tags["Date"][:min(4, len(g.tags["Date"]))] }
	cases := []struct {
		name  string
		q     Query
		want  func(g testGame) bool
		empty bool // the case checks that nothing matches
	}{
		{"all", Query{}, func(testGame) bool { return true }, false},
		{"variant", Query{Variant: "zanzibar"}, func(g testGame) bool { return g.variant == engine.Kiswahili }, false},
		{"player any case", Query{Player: "ALI JUMA"}, isPlayer("ali juma"), false},
		{"player by a whole word of the name", Query{Player: "Juma"}, func(g testGame) bool {
			return slices.Contains(strings.Fields(strings.ToLower(g.tags["South"]+" "+g.tags["North"])), "juma")
		}, false},
		{"player: not part of a word", Query{Player: "Jum"}, isPlayer("jum"), true},
		{"player: wildcards are literal", Query{Player: "j*a"}, isPlayer("j*a"), true},
		{"player in a query string", Query{Text: `player:"Juma, Ali"`}, isPlayer("ali juma"), false},
		{"player word in a query string", Query{Text: `player:kombo`}, func(g testGame) bool {
			return slices.Contains(strings.Fields(strings.ToLower(g.tags["South"]+" "+g.tags["North"])), "kombo")
		}, false},
		{"player surname first", Query{Player: "Juma,  Ali"}, isPlayer("ali juma"), false},
		{"player by alias", Query{Player: "A. Juma", Aliases: event.Aliases{"a juma": "Ali Juma", "ali juma": "Ali Juma"}},
			isPlayer("ali juma"), false},
		{"event words", Query{Event: "zanzibar"}, func(g testGame) bool { return g.tags["Event"] == "Zanzibar Open" }, false},
		{"since year", Query{Since: "1998"}, func(g testGame) bool { y := year(g); return y != "" && y >= "1998" }, false},
		{"until year", Query{Until: "1998"}, func(g testGame) bool { y := year(g); return y != "" && y <= "1998" }, false},
		{"since day", Query{Since: "1998-07-11"}, func(g testGame) bool { return g.tags["Date"] >= "1998.07.11" }, false},
		{"until day", Query{Until: "1975.03.02"}, func(g testGame) bool { d := g.tags["Date"]; return d != "" && d <= "1975.03.02" }, false},
		{"result", Query{Result: "south"}, func(g testGame) bool { return g.tags["Result"] == "1-0" }, false},
		{"unknown result", Query{Result: "*"}, func(g testGame) bool { r := g.tags["Result"]; return r == "*" || r == "" }, false},
		{"errors", Query{Text: "errors:true"}, func(g testGame) bool { return g.errors }, false},
		{"no errors", Query{Text: "-errors:true"}, func(g testGame) bool { return !g.errors }, false},
		{"keyword field", Query{Text: `south:"Bwana Kombo"`}, func(g testGame) bool { return g.tags["South"] == "Bwana Kombo" }, false},
		{"annotator", Query{Text: "annotator:Juma"}, func(g testGame) bool { return g.tags["Annotator"] == "Juma" }, false},
		{"bare word", Query{Text: "festival"}, func(g testGame) bool { return g.tags["Event"] == "Lamu Festival" }, false},
		{"fuzzy name", Query{Text: "names:kombbo~1"}, func(g testGame) bool {
			return strings.Contains(g.tags["South"]+" "+g.tags["North"], "Kombo")
		}, false},
		{"combined", Query{Variant: "kiswahili", Player: "mwana hassan", Since: "1998-07-11"},
			func(g testGame) bool { return g.variant == engine.Kiswahili && g.tags["Date"] >= "1998.07.11" }, false},
		{"plies range", Query{Text: "plies:>=50"}, func(g testGame) bool { return len(g.moves) >= 50 && !g.errors }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, want := hitIDs(t, ix, c.q), f.ids(c.want)
			if !slices.Equal(got, want) {
				t.Errorf("hits %v, want %v", got, want)
			}
			if (len(want) == 0) != c.empty {
				t.Errorf("the case matches nothing: it tests nothing")
			}
		})
	}
}

func TestSearchHitDetails(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	res, err := ix.Search(context.Background(), Query{Text: "errors:true"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 2 {
		t.Fatalf("hits %+v", res.Hits)
	}
	h := res.Hits[0] // sorted by file: bad/illegal.bgn first
	if h.File != "bad/illegal.bgn" || h.Line != 1 || h.Game != 1 || h.Variant != "kingulu" || h.Plies != 1 {
		t.Errorf("hit %+v", h)
	}
	if len(h.Errors) == 0 || !strings.Contains(h.Errors[0], "bad/illegal.bgn:7:") {
		t.Errorf("errors %q, want a file:line:col message at the move", h.Errors)
	}
	res, err = ix.Search(context.Background(), Query{Variant: "kingulu", Limit: 2, Offset: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 5 || len(res.Hits) != 2 || res.Hits[0].ID != "kingulu.bgn#1" || res.Hits[1].ID != "kingulu.bgn#2" {
		t.Errorf("paging: total %d, hits %+v", res.Total, res.Hits)
	}
	if h := res.Hits[1]; h.Line <= 1 || h.South != "Kombo" || h.Date != "1975.03.02" || h.Event != "Kingulu Cup" {
		t.Errorf("second game of kingulu.bgn: %+v", h)
	}
}

func TestSearchFacets(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	res, err := ix.Search(context.Background(), Query{Facets: true, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]int{}
	missing := map[string]int{}
	for _, fc := range res.Facets {
		got[fc.Name] = map[string]int{}
		for _, term := range fc.Terms {
			got[fc.Name][term.Term] = term.Count
		}
		missing[fc.Name] = fc.Missing
	}
	want := map[string]map[string]int{"variant": {}, "result": {}, "decade": {}, "players": {}, "event": {}, "length": {}}
	wantMissing := map[string]int{}
	for _, g := range f.games {
		if g.variant != nil {
			want["variant"][g.variant.ID()]++
		}
		r := g.tags["Result"]
		if r == "" {
			r = "*"
		}
		want["result"][r]++
		if d := g.tags["Date"]; d != "" {
			want["decade"][d[:3]+"0s"]++
		} else {
			wantMissing["decade"]++
		}
		for _, p := range []string{g.tags["South"], g.tags["North"]} {
			if p != "" {
				want["players"][p]++
			}
		}
		if e := g.tags["Event"]; e != "" {
			want["event"][e]++
		} else {
			wantMissing["event"]++
		}
		switch n := len(g.moves); {
		case n < 20:
			want["length"]["0-19"]++
		case n < 50:
			want["length"]["20-49"]++
		case n < 100:
			want["length"]["50-99"]++
		case n < 200:
			want["length"]["100-199"]++
		default:
			want["length"]["200+"]++
		}
	}
	for name, w := range want {
		for term, n := range w {
			if got[name][term] != n {
				t.Errorf("facet %s %q: %d, want %d", name, term, got[name][term], n)
			}
		}
		for term, n := range got[name] {
			if w[term] == 0 && n != 0 {
				t.Errorf("facet %s %q: %d, want none", name, term, n)
			}
		}
	}
	for name, n := range wantMissing {
		if missing[name] != n {
			t.Errorf("facet %s missing %d, want %d", name, missing[name], n)
		}
	}
}

func TestPositionSearch(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	for _, g := range f.games {
		if len(g.path) < 3 {
			continue
		}
		// the position after two moves of this game, searched by BPN and by moves
		target := g.path[2]
		want := map[string][]int{}
		for _, o := range f.games {
			for ply, bpn := range o.path {
				if o.variant == g.variant && bpn == target {
					want[o.id] = append(want[o.id], ply)
				}
			}
		}
		for _, q := range []Query{
			{Variant: g.variant.ID(), Position: target},
			{Variant: g.variant.Name(), After: append([]string{"1."}, g.moves[:2]...)},
			{Variant: g.variant.ID(), Position: g.path[1], After: g.moves[1:2]}, // the moves from a position
		} {
			q.Limit = 100
			res, err := ix.Search(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			if res.Position.String() != target {
				t.Errorf("%s: searched for %q, want %q", g.id, res.Position, target)
			}
			got := map[string][]int{}
			for _, h := range res.Hits {
				got[h.ID] = h.Reached
			}
			if len(got) != len(want) {
				t.Errorf("%s: %d hits, want %d", g.id, len(got), len(want))
			}
			for id, plies := range want {
				if !slices.Equal(got[id], plies) {
					t.Errorf("%s: game %s reached at %v, want %v", g.id, id, got[id], plies)
				}
			}
		}
	}
}

func TestSearchErrors(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	for _, q := range []Query{
		{Text: `south:"unclosed`},
		{Position: "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -"},
		{Variant: "kingulu", Position: "1,2,3 S 0-0 -"},
		{Variant: "kingulu", After: []string{"A3", "A1"}},
		{Variant: "kingulu", Position: "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -", After: []string{"A1"}},
		{Since: "last year"},
		{Result: "won"},
		// bleve reads these but fails on them only as it searches
		{Text: `/[/`},
		{Text: `names:/(a+)+$/`},
		{Text: `/.{900}x{900}/`},
		{Text: `juma~3`},
		{Text: `juma~99999999999999999999`},
	} {
		if _, err := ix.Search(context.Background(), q); !errors.Is(err, ErrBadQuery) {
			t.Errorf("%+v: error %v, want ErrBadQuery", q, err)
		}
	}
	if _, err := ix.Search(context.Background(), Query{Variant: "chess"}); !errors.Is(err, engine.ErrUnknownVariant) {
		t.Errorf("unknown variant: %v", err)
	}
	if res, err := ix.Search(context.Background(), Query{Text: " \t "}); err != nil || res.Total != len(f.games) {
		t.Errorf("a query of spaces must match every game, as no query does: %+v, %v", res, err)
	}
	res, err := ix.Search(context.Background(), Query{Player: "nobody"})
	if err != nil || res.Total != 0 || res.Hits == nil {
		t.Errorf("no hits must be an empty result, not an error: %+v, %v", res, err)
	}
}
