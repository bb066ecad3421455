package archive

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// openingGames are Bao Kingulu games whose openings testdata/openings.toml names (or not).
var openingGames = []struct {
	moves, opening string
}{
	{"1. A3 a3 2. A5 a6 *", "test line two"}, // the longest line it begins with
	{"1. A3 a1 2. A1 a6 *", "test line one"},
	{"1. A4 a5 2. A6 a5 *", "test line three"},
	{"1. A4 a4 *", ""}, // begins a line, but no named one
	{"1. A3< *", ""},   // not a move of Kingulu: no opening, an error
}

func openingRecords() string {
	var b strings.Builder
	for _, g := range openingGames {
		b.WriteString("[South \"A\"]\n[North \"B\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n" + g.moves + "\n\n")
	}
	return b.String()
}

func TestParseOpenings(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", OpeningsFile))
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOpenings("openings.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	if o.Len() != 4 || o.Sum() == "" {
		t.Errorf("%d lines, sum %q; want 4 and a sum", o.Len(), o.Sum())
	}
	for _, g := range openingGames[:4] {
		var toks []string
		for _, tok := range strings.Fields(g.moves) {
			if !strings.HasSuffix(tok, ".") && tok != "*" {
				toks = append(toks, tok)
			}
		}
		if name, _ := o.Of(engine.Kingulu.Start(), toks); name != g.opening {
			t.Errorf("%s: opening %q, want %q", g.moves, name, g.opening)
		}
	}
	if name, plies := o.Of(engine.Kiswahili.Start(), []string{"A6<", "a5>"}); name != "test kiswahili" || plies != 1 {
		t.Errorf("A6< (the suffix left off): %q after %d plies", name, plies)
	}
	after, _ := engine.Kingulu.Start().ParseChild("A3", nil)
	if got := o.Names(after.Position); !slices.Equal(got, []string{"test line one"}) {
		t.Errorf("names of the position after A3: %v", got)
	}
	var none *Openings
	if name, _ := none.Of(engine.Kingulu.Start(), []string{"A3"}); name != "" || none.Len() != 0 {
		t.Errorf("no table named %q", name)
	}
	bad := []struct{ name, data, want string }{
		{"unknown variant", "# openings\n[chess]\n\"e4\" = \"King's pawn\"\n", "x.toml:2: bad openings table: unknown variant"},
		{"illegal move", "[kingulu]\n\"A3\" = \"one\"\n\"A1\" = \"two\"\n", "x.toml:3: bad openings table: move 1 of \"A1\""},
		{"second move illegal", "[kingulu]\n\n'A3 A3' = \"one\"\n", "x.toml:3: bad openings table: move 2 of \"A3 A3\""},
		{"one line twice", "[kingulu]\n\"A3\" = \"one\"\n\"1. A3\" = \"two\"\n", "is the line of line"},
		{"no name", "[kingulu]\n\"A3\" = 3\n", "x.toml:2: bad openings table: the opening \"A3\" needs a name"},
		{"no moves", "[kingulu]\n\"1.\" = \"x\"\n", "needs moves"},
		{"not a table", "kingulu = \"A3\"\n", "x.toml:1: bad openings table: kingulu is not a table"},
		{"bad TOML", "[kingulu]\n\"A3 = \"x\"\n", "x.toml:2: bad openings table"},
	}
	for _, c := range bad {
		_, err := ParseOpenings("x.toml", []byte(c.data))
		if !errors.Is(err, ErrOpenings) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestIndexOpenings: the index names each game's opening from the archive's openings.toml,
// searches and counts by it, and reads every game again when the table changes.
func TestIndexOpenings(t *testing.T) {
	f := &fixture{root: t.TempDir()}
	f.write(t, "games.bgn", openingRecords())
	table, err := os.ReadFile(filepath.Join("testdata", OpeningsFile))
	if err != nil {
		t.Fatal(err)
	}
	f.write(t, OpeningsFile, string(table))
	ix, _ := f.build(t, UpdateOptions{})
	ctx := context.Background()
	res, err := ix.Search(ctx, Query{Facets: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Hits {
		if want := openingGames[h.Game-1].opening; h.Opening != want {
			t.Errorf("game %d: opening %q, want %q", h.Game, h.Opening, want)
		}
	}
	for _, fc := range res.Facets {
		if fc.Name == "opening" && (len(fc.Terms) != 3 || fc.Missing != 2) {
			t.Errorf("opening facet %+v, want 3 names and 2 games without", fc)
		}
	}
	for _, q := range []Query{{Opening: "test line one"}, {Text: `opening:"test line one"`}} {
		if got := hitIDs(t, ix, q); !slices.Equal(got, []string{"games.bgn#2"}) {
			t.Errorf("%+v: %v, want game 2", q, got)
		}
	}
	ix.Close()
	// a changed table names the games again
	f.write(t, OpeningsFile, "[kingulu]\n\"A4\" = \"test A4\"\n")
	sum, err := Update(ctx, f.root, UpdateOptions{})
	if err != nil || sum.Rebuilt != OpeningsFile+" changed" {
		t.Fatalf("update after the table changed: %+v, %v", sum, err)
	}
	ix, err = Open(DefaultIndexDir(f.root))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if got := hitIDs(t, ix, Query{Opening: "test A4"}); !slices.Equal(got, []string{"games.bgn#3", "games.bgn#4"}) {
		t.Errorf("test A4: %v, want games 3 and 4", got)
	}
	tree, err := ix.Explore(ctx, ExploreQuery{Variant: "kingulu", Openings: mustOpenings(t, f.root)})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tree.Moves {
		if want := m.Move == "A4"; want != slices.Equal(m.Openings, []string{"test A4"}) {
			t.Errorf("explore: move %s named %v", m.Move, m.Openings)
		}
	}
	// a bad table stops bao index, saying where
	f.write(t, OpeningsFile, "[kingulu]\n\"A1\" = \"x\"\n")
	if _, err := Update(ctx, f.root, UpdateOptions{}); !errors.Is(err, ErrOpenings) || !strings.Contains(err.Error(), "openings.toml:2") {
		t.Errorf("a bad table: %v", err)
	}
}

func mustOpenings(t *testing.T, root string) *Openings {
	t.Helper()
	o, err := LoadOpenings(root)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// FuzzParseOpenings: any bytes are a table of openings or an ErrOpenings error that names the
// file, never a panic; a table read twice is the same table.
func FuzzParseOpenings(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "openings.toml")); err == nil {
		f.Add(data)
	}
	for _, s := range []string{"", "[kingulu]\n\"A3 a3\" = \"one\"\n", "[kingulu]\n\"1. A3 a3 2. A5\" = \"two\"\n\"A3\" = \"x\"\n",
		"[kiswahili]\n\"A6<*\" = 3\n", "kingulu = 1\n", "[nosuch]\n\"A3\" = \"a\"\n", "[kingulu]\n\"A9\" = \"b\"\n", "[[kingulu]]\n", "\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := ParseOpenings("o.toml", data)
		if err != nil {
			if !errors.Is(err, ErrOpenings) || !strings.HasPrefix(err.Error(), "o.toml") {
				t.Fatalf("an error without its kind or file: %v", err)
			}
			return
		}
		again, err := ParseOpenings("o.toml", data)
		if err != nil || again.Len() != o.Len() || again.Sum() != o.Sum() {
			t.Fatalf("read twice: %d lines then %v, %v", o.Len(), again, err)
		}
	})
}
