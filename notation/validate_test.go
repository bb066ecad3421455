package notation

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
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

// TestValidateBudget: a record whose move would take longer to check than RecordBudget allows
// is reported at that move, with a kind errors.Is finds, and the records after it are checked
// as usual.
func TestValidateBudget(t *testing.T) {
	const long = `[Variant "kiswahili"] [Position "5,1,3,4,1,2,5,6/1,11,4,1,0,7,0,3/0,0,0,1,0,0,0,1/2,1,0,0,2,1,1,1 N 0-0 - -"]`
	in := long + "\n1... a6 *\n\n" + long + "\n1... a6<* *\n\n" + long + "\n1... a6<* A1 *\n"
	var got []*Error
	n, err := Validate("b.bgn", strings.NewReader(in), func(e *Error) { got = append(got, e) })
	if err != nil || n != 3 {
		t.Fatalf("%d games, %v", n, err)
	}
	if len(got) != 2 {
		t.Fatalf("%d errors, want 2: %v", len(got), got)
	}
	if e := got[0]; !errors.Is(e, engine.ErrBudget) || e.Game != 1 || e.Pos.Line != 2 || e.Pos.Col != 6 {
		t.Errorf("first error: %v (game %d, %d:%d), want the budget at game 1, 2:6", e, e.Game, e.Pos.Line, e.Pos.Col)
	}
	if e := got[1]; !errors.Is(e, engine.ErrIllegalMove) || e.Game != 3 {
		t.Errorf("second error: %v, want an illegal move in game 3", e)
	}
}

// TestValidateOrder: records are verified in parallel, and their problems still come in file
// order.
func TestValidateOrder(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		if i%7 == 3 {
			b.WriteString("[Variant \"kingulu\"] [PlyCount \"9\"] A3 *\n\n") // wrong PlyCount
		} else {
			b.WriteString("[Variant \"kingulu\"] A3 *\n\n")
		}
	}
	var games []int
	n, err := Validate("o.bgn", strings.NewReader(b.String()), func(e *Error) { games = append(games, e.Game) })
	if err != nil || n != 500 {
		t.Fatalf("%d games, %v", n, err)
	}
	if len(games) != 71 {
		t.Fatalf("%d problems, want 71", len(games))
	}
	for i, g := range games {
		if g != 7*i+4 {
			t.Fatalf("problem %d is in game %d, want %d", i, g, 7*i+4)
		}
	}
}
