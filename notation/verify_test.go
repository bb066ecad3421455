package notation

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// validateText runs Validate on a file and renders its diagnostics as bao validate prints them.
func validateText(t *testing.T, path string) string {
	t.Helper()
	var b strings.Builder
	name := filepath.ToSlash(path)
	games, err := Validate(name, strings.NewReader(readFile(t, path)), func(e *Error) {
		b.WriteString(e.Error() + "\n" + e.Detail())
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "%d games\n", games)
	return b.String()
}

// TestVerifyGolden checks the exact diagnostics for hand-made faulty records.
func TestVerifyGolden(t *testing.T) {
	for _, path := range files(t, "testdata/verify/*.bgn") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			golden(t, strings.TrimSuffix(path, ".bgn")+".golden", validateText(t, path))
		})
	}
}

// TestHistoricalGolden: the shared transcripts with deliberate errors and their diagnostics.
func TestHistoricalGolden(t *testing.T) {
	for _, path := range files(t, filepath.Join("..", "testdata", "historical", "*.bgn")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			golden(t, strings.TrimSuffix(path, ".bgn")+".golden", validateText(t, path))
		})
	}
}

// TestVerifyCorpus: every example record verifies without a problem.
func TestVerifyCorpus(t *testing.T) {
	for _, path := range files(t, filepath.Join("..", "testdata", "records", "*.bgn")) {
		games, err := Validate(path, strings.NewReader(readFile(t, path)), func(e *Error) { t.Error(e) })
		if err != nil || games == 0 {
			t.Errorf("%s: %d games, %v", path, games, err)
		}
	}
}

// TestVerifyKinds: each problem can be told apart with errors.Is.
func TestVerifyKinds(t *testing.T) {
	const kingulu = "[Variant \"Bao Kingulu\"]\n"
	tests := []struct {
		src  string
		kind error
	}{
		{"A3 *", ErrNoVariant},
		{"[Variant \"checkers\"] *", engine.ErrUnknownVariant},
		{"[Variant \"checkers\"] *", ErrBadTag},
		{kingulu + "[SetUp \"1\"] [Position \"x\"] *", engine.ErrBadPosition},
		{kingulu + "A3 a2 *", engine.ErrIllegalMove},
		{kingulu + "Q9 *", engine.ErrBadMove},
		{kingulu + "A5x *", engine.ErrSuffixMismatch},
		{kingulu + "A3 {[%pos 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -]} *", ErrPositionMismatch},
		{kingulu + "A3 1-0", ErrResultMismatch},
		{kingulu + "[PlyCount \"9\"] A3 *", ErrPlyCount},
		{kingulu + "[Date \"yesterday\"] *", ErrBadTag},
	}
	for _, tc := range tests {
		recs, err := Parse("k.bgn", strings.NewReader(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		errs := Verify(recs[0])
		if !errors.Is(errs.Err(), tc.kind) {
			t.Errorf("%q: got %v, want %v", tc.src, errs, tc.kind)
		}
	}
}

// A game played but not recorded: [Termination "unrecorded"] holds a decided or drawn result
// without moves, and contradicts any move.
func TestVerifyUnrecorded(t *testing.T) {
	const kiswahili = "[Variant \"Bao la Kiswahili\"] "
	tests := []struct {
		src string
		ok  bool
	}{
		{kiswahili + "[Result \"0-1\"] [Termination \"unrecorded\"] 0-1", true},
		{kiswahili + "[Result \"1/2-1/2\"] [Termination \"Unrecorded\"] 1/2-1/2", true},
		{kiswahili + "[Result \"1-0\"] [Termination \"unrecorded\"]", true},
		{kiswahili + "[Result \"1-0\"] 1-0", false},
		{kiswahili + "[Result \"1-0\"] [Termination \"unrecorded\"] A6<* 1-0", false},
	}
	for _, tc := range tests {
		recs, err := Parse("u.bgn", strings.NewReader(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		errs := Verify(recs[0])
		if (errs == nil) != tc.ok {
			t.Errorf("%q: got %v, want ok %v", tc.src, errs, tc.ok)
		}
		if !tc.ok && strings.Contains(tc.src, "A6") && !errors.Is(errs.Err(), ErrBadTag) {
			t.Errorf("%q: got %v, want %v", tc.src, errs, ErrBadTag)
		}
	}
}

// BenchmarkVerify verifies generated games of up to 100 plies (random Kingulu games end
// sooner); games/s and plies/s are the figures.
func BenchmarkVerify(b *testing.B) {
	for _, v := range engine.Variants() {
		b.Run(v.ID(), func(b *testing.B) {
			var recs []*Record
			for seed := range 50 {
				g := engine.NewGame(v.Start())
				for i := 0; g.Status() == engine.Ongoing && i < 100; i++ {
					ms := g.Position().Moves()
					g.Play(ms[(seed*7+i*13)%len(ms)])
				}
				rs, err := Parse("b.bgn", strings.NewReader(Format(FromGame(nil, g))))
				if err != nil {
					b.Fatal(err)
				}
				recs = append(recs, rs[0])
			}
			plies := 0
			for _, r := range recs {
				plies += len(r.Moves)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				for _, r := range recs {
					if errs := Verify(r); errs != nil {
						b.Fatal(errs)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(recs))/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(plies)/float64(len(recs)), "plies/game")
			b.ReportMetric(float64(b.N*plies)/b.Elapsed().Seconds(), "plies/s")
		})
	}
}

// A tag value may hold anything its line can: quotes and backslashes are escaped when it is
// written, and read back the same; a line break cannot be written, so it is refused.
func TestCheckTagValue(t *testing.T) {
	for _, c := range []struct {
		name, value string
		ok          bool
	}{
		{"South", `Ali "Simba" Juma`, true},
		{"Event", `C:\bao\2026`, true},
		{"North", "Mwana\nNorth", false},
		{"Site", "Zanzibar\r", false},
		{"Date", "1998.03.14", true},
		{"Date", "14/03/1998", false},
		{"Result", "1-0", true},
		{"Result", "2-0", false},
	} {
		err := CheckTagValue(c.name, c.value)
		if (err == nil) != c.ok {
			t.Errorf("%s %q: error %v, want ok %v", c.name, c.value, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		rec := &Record{}
		rec.SetTag("Variant", "kingulu")
		rec.SetTag(c.name, c.value)
		var b bytes.Buffer
		if err := Write(&b, rec); err != nil {
			t.Fatal(err)
		}
		sc := NewScanner(&b, "t.bgn")
		if !sc.Scan() || sc.Record().Tag(c.name) != c.value || len(sc.Errors()) > 0 {
			t.Errorf("%s %q does not read back: %q %v", c.name, c.value, b.String(), sc.Errors())
		}
	}
}
