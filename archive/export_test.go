package archive

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExport: every matching game, not one page, read back from the files in the order of the
// hits; a file changed since it was indexed is an error, not another game.
func TestExport(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	q := Query{Variant: "kiswahili", Limit: 1}
	recs, err := ix.Export(context.Background(), f.root, q)
	if err != nil {
		t.Fatal(err)
	}
	q.Limit = 1000
	want := hitIDs(t, ix, q)
	if len(want) < 2 || len(recs) != len(want) {
		t.Fatalf("exported %d games, want %d", len(recs), len(want))
	}
	for i, r := range recs {
		rel, _ := filepath.Rel(f.root, r.File)
		if id := docID(filepath.ToSlash(rel), r.Number); id != want[i] || r.Tag("Variant") != "Bao la Kiswahili" {
			t.Errorf("game %d is %s (%s), want %s", i, id, r.Tag("Variant"), want[i])
		}
	}
	if recs, err := ix.Export(context.Background(), f.root, Query{Player: "nobody at all"}); err != nil || len(recs) != 0 {
		t.Errorf("no match: %d games, %v", len(recs), err)
	}
	// A file of the hits changes: the index no longer describes it.
	if err := os.WriteFile(recs[len(recs)-1].File, []byte("[Variant \"kingulu\"] *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Export(context.Background(), f.root, q); err == nil || !strings.Contains(err.Error(), "changed since it was indexed") {
		t.Errorf("a changed file: %v", err)
	}
}

func TestUnknownFields(t *testing.T) {
	cases := []struct {
		text string
		want []string // the fields warned about
	}{
		{"varient:kete", []string{"varient"}},
		{"variant:kete south:Ali plies:>10 errors:true zanzibar", nil},
		{`+variant:kete -resutl:1-0 "a phrase" sout:"Ali"`, []string{"resutl", "sout"}},
		{"xyzzy:1", []string{"xyzzy"}},
		{`south:"unclosed`, nil}, // a syntax error is reported by the search itself
	}
	for _, c := range cases {
		var got []string
		for _, w := range unknownFields(c.text) {
			got = append(got, strings.SplitN(w, `"`, 3)[1])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: warned about %v, want %v", c.text, got, c.want)
		}
	}
	if w := unknownFields("varient:kete"); len(w) != 1 || !strings.HasSuffix(w[0], "did you mean variant?") {
		t.Errorf("no suggestion: %v", w)
	}
	if w := unknownFields("xyzzy:1"); len(w) != 1 || strings.Contains(w[0], "did you mean") {
		t.Errorf("a far-off field gets a suggestion: %v", w)
	}
}
