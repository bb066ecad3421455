package notation

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// p30 is a position of Bao la Kiswahili after 30 plies, South to move: a gap's checkpoint.
const p30 = "2,2,1,0,0,0,1,1/0,0,1,1,1,5,5,1/0,7,1,6,10,0,0,0/1,1,1,0,0,0,1,1 S 7-7 - -"

func parseOne(t *testing.T, src string) *Record {
	t.Helper()
	recs, err := Parse("gap.bgn", strings.NewReader(src))
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v: %d records", err, len(recs))
	}
	return recs[0]
}

// TestGapReading: "..." alone is a gap of the main line, the move number after its checkpoint
// says where the game resumes, and "1..." stays a move number.
func TestGapReading(t *testing.T) {
	r := parseOne(t, "[Variant \"Bao la Kiswahili\"]\n\n1. A7<* a5< ... {[%pos "+p30+"]} 16. A4> 16... a6< *\n")
	var toks []string
	for _, n := range r.Moves {
		toks = append(toks, n.Token)
	}
	if got := strings.Join(toks, " "); got != "A7<* a5< ... A4> a6<" || !r.Moves[2].IsGap() || r.Moves[2].Resume != 31 {
		t.Fatalf("moves %q, gap resumes at %d", got, r.Moves[2].Resume)
	}
	if got := r.writtenPlies(); got[3] != 31 || got[4] != 32 || got[5] != 33 || got[2] != 0 {
		t.Errorf("written plies %v", got)
	}
	// written out and read back: the same record, the number kept
	out := Format(r)
	if !strings.Contains(out, "2. ... {[%pos") && !strings.Contains(out, "a5< ...\n{[%pos") && !strings.Contains(out, "a5< ... {[%pos") {
		t.Errorf("the gap is not written: %s", out)
	}
	if !strings.Contains(out, "16. A4> a6<") || Format(parseOne(t, out)) != out {
		t.Errorf("not written back as read:\n%s", out)
	}
	for _, bad := range []string{"1. A7<* .... a5<", "1. A7<* .. a5<"} {
		if _, err := Parse("bad.bgn", strings.NewReader("[Variant \"Bao la Kiswahili\"]\n\n"+bad+" *\n")); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}

// TestGapWalk: Walk plays each stretch from its start, the gap between as a step, every
// step numbered as the game: the plies after the gap are those the number after it gives.
func TestGapWalk(t *testing.T) {
	r := parseOne(t, "[Variant \"Bao la Kiswahili\"]\n\n1. A7<* a5< ... {[%pos "+p30+"]} 16. A4> a6< *\n")
	var got []string
	Walk(r, WalkOptions{}, func(s *Step) error {
		if s.Err != nil {
			t.Fatalf("%v", s.Err)
		}
		w := s.Token()
		if s.Gap {
			w = "gap>" + s.After.String()
		}
		got = append(got, strings.Join([]string{w, strconv.Itoa(s.Index), strconv.Itoa(s.Ply)}, "@"))
		return nil
	})
	want := "A7<*@0@1 a5<@1@2 gap>" + p30 + "@2@31 A4>@3@31 a6<@4@32"
	if strings.Join(got, " ") != want {
		t.Errorf("walk\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	rp, err := r.Replay()
	if err != nil || len(rp.Plies) != 4 || rp.Plies[2].Number != 31 || rp.Label(3) != "16... a6<" {
		t.Errorf("replay: %v %+v", err, rp)
	}
	// ErrStop in a later stretch stops the whole walk
	n := 0
	Walk(r, WalkOptions{}, func(s *Step) error {
		n++
		if s.Gap {
			return ErrStop
		}
		return nil
	})
	if n != 3 {
		t.Errorf("ErrStop at the gap: %d steps visited, want 3", n)
	}
}

// TestGapKinds: each way a gap cannot be replayed is an error of kind ErrGap at the gap (or
// its checkpoint), and the stretches around it are still checked.
func TestGapKinds(t *testing.T) {
	const head = "[Variant \"Bao la Kiswahili\"]\n\n"
	tests := []struct {
		name, movetext string
		kind           error
		at             string // line:col
	}{
		{"no checkpoint", "1. A7<* a5< ... 16. A4> a6< *", ErrGap, "3:13"},
		{"a checkpoint with x", "1. A7<* a5< ... {[%pos " + strings.Replace(p30, "2,2,", "2,x,", 1) + "]} 16. A4> *", ErrGap, "3:18"},
		{"the number says North, the checkpoint South", "1. A7<* a5< ... {[%pos " + p30 + "]} 16... A4> *", ErrGap, "3:13"},
		{"the number goes back", "1. A7<* a5< 2. A6<* a7> ... {[%pos " + p30 + "]} 1. A4> *", ErrGap, "3:25"},
		{"a slip after the gap", "1. A7<* a5< ... {[%pos " + p30 + "]} 16. A4> a6< 17. a4> a7> *", engine.ErrIllegalMove, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := Verify(parseOne(t, head+tt.movetext+"\n"))
			found := false
			for _, e := range errs {
				if errors.Is(e, tt.kind) && (tt.at == "" || e.Pos.String() == tt.at) {
					found = true
				}
			}
			if !found {
				t.Errorf("want %v at %s, got %v", tt.kind, tt.at, errs)
			}
		})
	}
	// a gap in a variation is a syntax error of kind ErrGap
	_, err := Parse("v.bgn", strings.NewReader(head+"1. A7<* (1. A6<* ... a5<) a5< *\n"))
	if !errors.Is(err, ErrGap) {
		t.Errorf("a gap in a variation: %v", err)
	}
}

// TestGapRepair: repair mends each stretch from its own start and numbers its edits as the
// game, and Repaired makes them at the right moves.
func TestGapRepair(t *testing.T) {
	r := parseOne(t, "[Variant \"Bao la Kiswahili\"]\n\n1. A7<* a5< ... {[%pos "+p30+"]} 16. A4> a6< 17. A4< a7< 18. A4> a1< *\n")
	reps, err := Repairs(r, RepairOptions{})
	if err != nil || len(reps) == 0 {
		t.Fatalf("%v %v", reps, err)
	}
	e := reps[0].Edits[0]
	if e.Ply != 34 || e.Was != "a7<" || e.Now != "a7>" {
		t.Errorf("best repair %+v, want ply 34 a7< -> a7>", reps[0])
	}
	if errs := Verify(r.Repaired(reps[0], false)); len(errs) > 0 {
		t.Errorf("the repaired record does not verify: %v", errs)
	}
}
