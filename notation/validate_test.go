package notation

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestReportJSON: the exact shape of spec 6's bao validate --json output.
func TestReportJSON(t *testing.T) {
	var r Report
	r.Files = 2
	out, _ := json.Marshal(r)
	if string(out) != `{"files":2,"games":0,"errors":[]}` {
		t.Errorf("empty report: %s", out)
	}
	n, err := Validate("v.bgn", strings.NewReader("[Variant \"kingulu\"] A3 *\n[Variant \"kingulu\"] [PlyCount \"2\"] A3 *\nA3 {"), r.Add)
	if err != nil {
		t.Fatal(err)
	}
	r.Games = n
	out, _ = json.Marshal(r)
	want := `{"files":2,"games":3,"errors":[` +
		`{"file":"v.bgn","line":2,"col":31,"game":2,"ply":0,"move":"","message":"wrong PlyCount: the tag says 2, the main line has 1","legal":[]},` +
		`{"file":"v.bgn","line":3,"col":4,"game":3,"ply":0,"move":"","message":"unterminated comment: '{' is never closed","legal":[]}]}`
	if string(out) != want {
		t.Errorf("\n got %s\nwant %s", out, want)
	}
}

func TestReportSummary(t *testing.T) {
	r := Report{Files: 1, Games: 1}
	if got := r.Summary(); got != "ok: 1 game in 1 file" {
		t.Errorf("got %s", got)
	}
	r = Report{Files: 2, Games: 3}
	r.Add(&Error{File: "a", Game: 1, Err: ErrSyntax})
	r.Add(&Error{File: "a", Game: 1, Err: ErrSyntax})
	r.Add(&Error{File: "b", Game: 1, Err: ErrSyntax})
	if got := r.Summary(); got != "3 errors in 2 games (3 games in 2 files)" {
		t.Errorf("got %s", got)
	}
}

// TestProblemsRecoversPanic: a record whose verification panics (a nil move, which no parser
// makes) is reported as its own internal error; validating goes on.
func TestProblemsRecoversPanic(t *testing.T) {
	rec := &Record{File: "x.bgn", Number: 2, Pos: Pos{Line: 4, Col: 1},
		Tags: []Tag{{Name: "Variant", Value: "kiswahili"}}, Moves: []*Node{nil}}
	errs := problems(rec, nil)
	if len(errs) != 1 || !errors.Is(errs[0], ErrInternal) || !strings.HasPrefix(errs[0].Error(), "x.bgn:4:1: game 2: internal error") {
		t.Errorf("%v", errs)
	}
}
