package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bao-archive/bao/notation"
)

// TestReportJSON: the exact shape of spec 6's bao validate --json output.
func TestReportJSON(t *testing.T) {
	var r Report
	r.Files = 2
	out, _ := json.Marshal(r)
	if string(out) != `{"files":2,"games":0,"errors":[]}` {
		t.Errorf("empty report: %s", out)
	}
	n, err := notation.Validate("v.bgn", strings.NewReader("[Variant \"kingulu\"] A3 *\n[Variant \"kingulu\"] [PlyCount \"2\"] A3 *\nA3 {"), r.Add)
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
	r.Add(&notation.Error{File: "a", Game: 1, Err: notation.ErrSyntax})
	r.Add(&notation.Error{File: "a", Game: 1, Err: notation.ErrSyntax})
	r.Add(&notation.Error{File: "b", Game: 1, Err: notation.ErrSyntax})
	if got := r.Summary(); got != "3 errors in 2 games (3 games in 2 files)" {
		t.Errorf("got %s", got)
	}
}
