package archive

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bao-archive/bao/notation"
)

// TestLocate: every game of the fixture, and games of a file with a byte order mark and an
// indented record, is found at its stored offset: the record read there from its offset alone
// has the game's number, position and RecordSum. A game the index does not hold is not found.
func TestLocate(t *testing.T) {
	f := newFixture(t)
	f.write(t, "odd.bgn", "\xEF\xBB\xBF[Variant \"Bao la Kimasai\"]\n\n*\n\n% escape\n"+
		"   [Variant \"Bao la Kimasai\"] [Event \"É\"]\n1. A1 *\n")
	f.games = append(f.games, testGame{id: "odd.bgn#1"}, testGame{id: "odd.bgn#2"})
	ix, _ := f.build(t, UpdateOptions{})
	for _, g := range f.games {
		file, num, _ := strings.Cut(g.id, "#")
		n, _ := strconv.Atoi(num)
		loc, found, err := ix.Locate(context.Background(), file, n)
		if err != nil || !found {
			t.Errorf("%s: found %v, %v", g.id, found, err)
			continue
		}
		data, err := os.ReadFile(filepath.Join(f.root, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		sc := notation.NewScannerAt(strings.NewReader(string(data[loc.Offset:])), file, loc.Pos, n)
		if !sc.Scan() || sc.Offset() != 0 {
			t.Errorf("%s: no record at offset %d", g.id, loc.Offset)
			continue
		}
		rec := sc.Record()
		if rec.Number != n || rec.Pos != loc.Pos || RecordSum(rec) != loc.Sum {
			t.Errorf("%s: read game %d at %v, sum %x; want %d at %v, sum %x", g.id, rec.Number, rec.Pos,
				RecordSum(rec), n, loc.Pos, loc.Sum)
		}
	}
	if loc, found, err := ix.Locate(context.Background(), "kingulu.bgn", 5); found || err != nil {
		t.Errorf("game 5 of a file of 4: %+v, %v, %v", loc, found, err)
	}
}

// TestRecordSum: the sum tells records apart by their tags, main line and result, and not by
// how they are spaced or where they are.
func TestRecordSum(t *testing.T) {
	sum := func(src string) uint32 {
		t.Helper()
		recs, err := notation.Parse("x.bgn", strings.NewReader(src))
		if err != nil || len(recs) != 1 {
			t.Fatalf("%q: %d records, %v", src, len(recs), err)
		}
		return RecordSum(recs[0])
	}
	base := sum("[Variant \"Bao la Kimasai\"]\n1. A1 a1 *\n")
	for _, tc := range []struct {
		src  string
		same bool
	}{
		{"\n\n[Variant   \"Bao la Kimasai\"]\n\n1.  A1\na1 *", true},
		{"[Variant \"Bao la Kimasai\"]\n1. A1 {a note} a1 *\n", true},
		{"[Variant \"Bao la Kimasai\"]\n1. A1 a2 *\n", false},
		{"[Variant \"Bao la Kimasai\"]\n1. A1 a1 1-0\n", false},
		{"[Variant \"Bao la Kimasai\"]\n[Round \"2\"]\n1. A1 a1 *\n", false},
	} {
		if got := sum(tc.src) == base; got != tc.same {
			t.Errorf("%q: same sum %v, want %v", tc.src, got, tc.same)
		}
	}
}
