package archive

import (
	"context"
	"fmt"
	"github.com/bao-archive/bao/notation"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// exportAll collects what Export emits.
func exportAll(ctx context.Context, ix *Index, root string, q Query) ([]*notation.Record, error) {
	var recs []*notation.Record
	n, err := ix.Export(ctx, root, q, func(r *notation.Record) error {
		recs = append(recs, r)
		return nil
	})
	if err == nil && n != len(recs) {
		err = fmt.Errorf("Export says %d games, emitted %d", n, len(recs))
	}
	return recs, err
}

// TestExport: every matching game, not one page, read back from the files in the order of the
// hits; a file changed since it was indexed is an error, not another game.
func TestExport(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	q := Query{Variant: "kiswahili", Limit: 1}
	defer func(n int) { exportChunk = n }(exportChunk)
	exportChunk = 2 // several chunks, so that the order across them is checked
	recs, err := exportAll(context.Background(), ix, f.root, q)
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
	if recs, err := exportAll(context.Background(), ix, f.root, Query{Player: "nobody at all"}); err != nil || len(recs) != 0 {
		t.Errorf("no match: %d games, %v", len(recs), err)
	}
	// A file of the hits changes: the index no longer describes it.
	if err := os.WriteFile(recs[len(recs)-1].File, []byte("[Variant \"kingulu\"] *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exportAll(context.Background(), ix, f.root, q); err == nil || !strings.Contains(err.Error(), "changed since it was indexed") {
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
	if w := unknownFields(`player:"Mzee Haji"`); len(w) != 0 {
		t.Errorf("player: is a field, warned %v", w)
	}
	if w := unknownFields(`plyer:"Mzee Haji"`); len(w) != 1 || !strings.HasSuffix(w[0], "did you mean player?") {
		t.Errorf("plyer: %v, want player suggested", w)
	}
	if w := unknownFields("xyzzy:1"); len(w) != 1 || strings.Contains(w[0], "did you mean") {
		t.Errorf("a far-off field gets a suggestion: %v", w)
	}
}

// TestExportFromOffset: Export reads each game from where the index says its record starts,
// not by counting records from the file's start. With the file's first record blanked out
// (same bytes, so the others keep their offsets), counting would find game 3 where game 4 is;
// the games read at their offsets are still the ones indexed, with their numbers and lines.
func TestExportFromOffset(t *testing.T) {
	f := newFixture(t)
	ix, _ := f.build(t, UpdateOptions{})
	ctx := context.Background()
	second, found, err := ix.Locate(ctx, "kingulu.bgn", 2)
	if err != nil || !found {
		t.Fatalf("game 2: %v, %v", found, err)
	}
	path := filepath.Join(f.root, "kingulu.bgn")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range second.Offset {
		if data[i] != '\n' {
			data[i] = ' '
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := exportAll(ctx, ix, f.root, Query{Variant: "kingulu", Since: "1975.03.03"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		loc, _, _ := ix.Locate(ctx, "kingulu.bgn", r.Number)
		got = append(got, fmt.Sprintf("#%d %s line %d", r.Number, r.Tag("Date"), r.Pos.Line))
		if r.Pos != loc.Pos || RecordSum(r) != loc.Sum {
			t.Errorf("game %d read at %v, sum %x; indexed at %v, sum %x", r.Number, r.Pos, RecordSum(r), loc.Pos, loc.Sum)
		}
	}
	if want := []string{"#3 1975.03.03", "#4 1975.03.04"}; len(got) != len(want) ||
		!strings.HasPrefix(got[0], want[0]+" ") || !strings.HasPrefix(got[1], want[1]+" ") {
		t.Errorf("exported %v, want %v", got, want)
	}
}
