package notation

import (
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

func TestTags(t *testing.T) {
	r := &Record{}
	if r.Tag("Event") != "" {
		t.Fatal("a missing tag must read as empty")
	}
	r.SetTag("Event", "a")
	r.SetTag("Variant", "kingulu")
	r.SetTag("Event", "b")
	if r.Tag("Event") != "b" || len(r.Tags) != 2 || r.Tags[1].Name != "Variant" {
		t.Errorf("tags: %+v", r.Tags)
	}
}

// TestFromGame: a record made from a played game verifies, replays to the same positions and
// survives writing and reading.
func TestFromGame(t *testing.T) {
	tests := []struct {
		start  engine.Position
		tokens []string
		result string
	}{
		{engine.Kingulu.Start(), []string{"A3", "a1", "A4"}, "*"},
		{mustPosition(t, engine.Kingulu, "0,2,0,1,0,0/2,0,1,0,0,0 N 25-17 a2"), []string{"a3", "A1"}, "*"},
		{engine.Kimasai.Start(), []string{"A2", "a2", "A3"}, "*"},
		// South cannot move: 24 + 0 against 23 + 1 is a draw (Kingulu rules 6).
		{mustPosition(t, engine.Kingulu, "0,0,0,0,0,1/0,0,0,0,0,0 S 24-23 -"), nil, "1/2-1/2"},
	}
	for _, tc := range tests {
		g := engine.NewGame(tc.start)
		for _, tok := range tc.tokens {
			if _, err := g.PlayToken(tok); err != nil {
				t.Fatal(err)
			}
		}
		rec := FromGame([]Tag{{Name: "Event", Value: "test"}, {Name: "Result", Value: "1-0"}}, g)
		if rec.Result != tc.result || rec.Tag("Result") != tc.result {
			t.Errorf("result %q, tag %q; want %q", rec.Result, rec.Tag("Result"), tc.result)
		}
		recs, err := Parse("g.bgn", strings.NewReader(Format(rec)))
		if err != nil {
			t.Fatal(err)
		}
		if errs := Verify(recs[0]); errs != nil {
			t.Errorf("%s\n%v", Format(rec), errs)
		}
		rp, err := recs[0].Replay()
		if err != nil || rp.Start != tc.start || len(rp.Plies) != len(tc.tokens) {
			t.Fatalf("replay: %v", err)
		}
		if len(rp.Plies) > 0 && rp.Plies[len(rp.Plies)-1].After != g.Position() {
			t.Errorf("replay ends in %v, the game in %v", rp.Plies[len(rp.Plies)-1].After, g.Position())
		}
	}
}

func mustPosition(t testing.TB, v *engine.Variant, bpn string) engine.Position {
	t.Helper()
	p, err := engine.ParsePosition(v, bpn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
