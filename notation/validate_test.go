package notation

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
)

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

// TestValidateBudget: a record whose moves would take longer to check than RecordBudget allows
// is reported at the move where the budget runs out, with a kind errors.Is finds, and the
// records after it are checked as usual. Reading a6 here plays a6>, which never ends and takes
// 8,381,817 relay laps to prove so: the main line and five variations ask it six times, and
// the sixth runs out.
func TestValidateBudget(t *testing.T) {
	const long = `[Variant "kiswahili"] [Position "5,1,3,4,1,2,5,6/1,11,4,1,0,7,0,3/0,0,0,1,0,0,0,1/2,1,0,0,2,1,1,1 N 0-0 - -"]`
	in := long + "\n1... a6 (1... a6) (1... a6) (1... a6) (1... a6) (1... a6) *\n\n" +
		long + "\n1... a6<* *\n\n" + long + "\n1... a6<* A1 *\n"
	var got []*Error
	n, err := Validate("b.bgn", strings.NewReader(in), func(e *Error) { got = append(got, e) })
	if err != nil || n != 3 {
		t.Fatalf("%d games, %v", n, err)
	}
	if len(got) != 2 {
		t.Fatalf("%d errors, want 2: %v", len(got), got)
	}
	if e := got[0]; !errors.Is(e, engine.ErrBudget) || e.Game != 1 || e.Pos.Line != 2 || e.Pos.Col != 55 {
		t.Errorf("first error: %v (game %d, %d:%d), want the budget at game 1, 2:55", e, e.Game, e.Pos.Line, e.Pos.Col)
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

// TestValidateResyncBudget: a 222-ply game with 30 illegible moves, in runs of five, whose
// completions take longer to try than the resynchronisation budget: the verifier says where it
// ran out (kind ErrBudget), where it used to fill a move silently with the one completion it
// had tried, and a game whose searches fit in the budget says nothing of it.
func TestValidateResyncBudget(t *testing.T) {
	g := engine.RandomGame(engine.Kimasai.Start(), engine.NewRand(5, 1), 222)
	if len(g.Moves()) < 200 {
		t.Fatalf("a game of %d plies", len(g.Moves()))
	}
	rec := FromGame([]Tag{{Name: "South", Value: "a"}, {Name: "North", Value: "b"}}, g)
	var text strings.Builder
	if err := Write(&text, rec); err != nil {
		t.Fatal(err)
	}
	illegible := func() *Record {
		recs, err := Parse("q.bgn", strings.NewReader(text.String()))
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{20, 50, 80, 110, 140, 170} {
			for i := at; i < at+5; i++ {
				recs[0].Moves[i].Token = "?"
			}
		}
		return recs[0]
	}
	budgetErrors := func(errs ErrorList) (n int) {
		for _, e := range errs {
			if errors.Is(e, ErrBudget) {
				n++
				if !strings.Contains(e.Error(), "within") {
					t.Errorf("%v: does not say the budget", e)
				}
			}
		}
		return n
	}
	saved := resyncBudget
	defer func() { resyncBudget = saved }()
	resyncBudget = time.Nanosecond // a machine however fast runs out
	if errs := Verify(illegible()); budgetErrors(errs) == 0 {
		t.Errorf("the budget ran out unsaid: %v", errs)
	}
	resyncBudget = saved
	one := illegible()
	for i, n := range one.Moves {
		if n.Token == "?" && i != 20 {
			n.Token = g.Position().Variant().FormatMove(g.Moves()[i])
		}
	}
	if errs := Verify(one); budgetErrors(errs) != 0 {
		t.Errorf("one illegible move: %v", errs)
	}
}
