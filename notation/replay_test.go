package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

func TestReplay(t *testing.T) {
	recs, err := Parse("r.bgn", strings.NewReader(readFile(t, "../testdata/records/kingulu-annotated.bgn")))
	if err != nil {
		t.Fatal(err)
	}
	rp, err := recs[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if len(rp.Plies) != len(recs[0].Moves) || rp.Variant != engine.Kingulu || rp.Start != engine.Kingulu.Start() {
		t.Fatalf("%d plies of %d", len(rp.Plies), len(recs[0].Moves))
	}
	prev := rp.Start
	for i, p := range rp.Plies {
		if p.Before != prev || p.Node != recs[0].Moves[i] || p.Token != p.Node.Token {
			t.Errorf("ply %d: %+v", i+1, p)
		}
		if next, err := p.Before.Apply(p.Move); err != nil || next != p.After {
			t.Errorf("ply %d: %s does not lead from Before to After", i+1, p.Token)
		}
		prev = p.After
	}
	if rp.Status != engine.Ongoing {
		t.Errorf("status %v", rp.Status)
	}
}

func TestReplayCanonicalTokens(t *testing.T) {
	recs, _ := Parse("r.bgn", strings.NewReader("[Variant \"kimasai\"] A2-A1 a2 *"))
	rp, err := recs[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if rp.Plies[0].Token != "A2" || rp.Plies[0].Node.Token != "A2-A1" {
		t.Errorf("canonical %s, written %s", rp.Plies[0].Token, rp.Plies[0].Node.Token)
	}
}

func TestReplayStops(t *testing.T) {
	tests := []struct {
		src   string
		plies int // replayed before the error; -1: no replay at all
		kind  error
	}{
		{"[Variant \"kingulu\"] A3 a2 A1 *", 1, engine.ErrIllegalMove},
		{"[Variant \"kingulu\"] A9 *", 0, engine.ErrBadMove},
		{"A3 *", -1, ErrNoVariant},
		{"[Variant \"go\"] A3 *", -1, engine.ErrUnknownVariant},
		{"[Variant \"kingulu\"] [SetUp \"1\"] [Position \"1 S\"] *", -1, engine.ErrBadPosition},
	}
	for _, tc := range tests {
		recs, _ := Parse("r.bgn", strings.NewReader(tc.src))
		rp, err := recs[0].Replay()
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: got %v, want %v", tc.src, err, tc.kind)
		}
		switch {
		case tc.plies < 0 && rp != nil:
			t.Errorf("%s: a replay without a start position", tc.src)
		case tc.plies >= 0 && (rp == nil || len(rp.Plies) != tc.plies):
			t.Errorf("%s: want %d plies before the error, got %+v", tc.src, tc.plies, rp)
		}
	}
}

func TestReplayLabel(t *testing.T) {
	recs, _ := Parse("r.bgn", strings.NewReader(readFile(t, "../testdata/records/kingulu-setup.bgn")))
	rp, err := recs[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := range 3 {
		got = append(got, rp.Label(i))
	}
	if want := "1... " + rp.Plies[0].Token + " 2. " + rp.Plies[1].Token + " 2... " + rp.Plies[2].Token; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestCheckAgreesWithReplay: Check's replay is Replay's, for every record of the corpus.
func TestCheckAgreesWithReplay(t *testing.T) {
	for _, f := range files(t, "../testdata/records/*.bgn") {
		recs, err := Parse(f, strings.NewReader(readFile(t, f)))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			want, _ := r.Replay()
			got, _ := Check(r)
			if (want == nil) != (got == nil) || want != nil && (len(want.Plies) != len(got.Plies) || want.Status != got.Status || want.Start != got.Start) {
				t.Fatalf("%s game %d: Check's replay differs from Replay's", f, r.Number)
			}
			for i := range want.Plies {
				if want.Plies[i].Token != got.Plies[i].Token || want.Plies[i].After != got.Plies[i].After || want.Plies[i].Node != got.Plies[i].Node {
					t.Fatalf("%s game %d ply %d differs", f, r.Number, i+1)
				}
			}
		}
	}
}
