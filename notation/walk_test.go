package notation

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

func TestWalk(t *testing.T) {
	// Kingulu: from the start A3 and A4 are legal; after A3, a1 (not a2); after A3 a1, A1;
	// after A4, a3 and a4 (not a1).
	tests := []struct {
		name string
		src  string
		opts WalkOptions
		want []string // depth:ply:token or depth:ply:!written for a move that cannot be played
		err  error    // Walk's own error
	}{
		{"main line", `[Variant "kingulu"] A3 a1 *`, WalkOptions{}, []string{"0:1:A3", "0:2:a1"}, nil},
		{"variations skipped", `[Variant "kingulu"] A3 (A4 a3) a1 *`, WalkOptions{}, []string{"0:1:A3", "0:2:a1"}, nil},
		{"variations walked from the position before their move", `[Variant "kingulu"] A3 (A4 a3 (a4)) a1 *`,
			WalkOptions{Variations: true}, []string{"0:1:A3", "1:1:A4", "1:2:a3", "2:2:a4", "0:2:a1"}, nil},
		{"an illegal move ends its line only", `[Variant "kingulu"] A3 (A4 a1 a3) a1 a2 A1 *`,
			WalkOptions{Variations: true}, []string{"0:1:A3", "1:1:A4", "1:2:!a1", "0:2:a1", "0:3:!a2"}, nil},
		{"no variant", `A3 *`, WalkOptions{}, nil, ErrNoVariant},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := Parse("w.bgn", strings.NewReader(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			err = Walk(recs[0], tt.opts, func(s *Step) error {
				if s.Err != nil {
					got = append(got, fmt.Sprintf("%d:%d:!%s", s.Depth, s.Ply, s.Node.Token))
					if s.After != s.Before {
						t.Errorf("%s: After differs from Before", s.Node.Token)
					}
					return nil
				}
				got = append(got, fmt.Sprintf("%d:%d:%s", s.Depth, s.Ply, s.Token()))
				if next, err := s.Before.Apply(s.Move); err != nil || next != s.After {
					t.Errorf("%s does not lead from Before to After", s.Token())
				}
				return nil
			})
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestWalkStopsAndTraces(t *testing.T) {
	recs, _ := Parse("w.bgn", strings.NewReader(`[Variant "kiswahili"] A6<* a6< *`))
	n := 0
	err := Walk(recs[0], WalkOptions{Trace: true}, func(s *Step) error {
		n++
		if s.Err != nil || s.Trace == nil || len(s.Trace.Laps) == 0 {
			t.Errorf("%s: no trace (%v)", s.Node.Token, s.Err)
		}
		if n == 2 {
			return ErrStop
		}
		return nil
	})
	if err != nil || n != 2 {
		t.Fatalf("err %v after %d steps; want nil after 2", err, n)
	}
	boom := errors.New("boom")
	if err := Walk(recs[0], WalkOptions{}, func(*Step) error { return boom }); err != boom {
		t.Fatalf("visitor's error %v not returned", err)
	}
}

func TestWalkStatus(t *testing.T) {
	// A Kimasai position repeated is a draw only with the game's history.
	g := engine.NewGame(engine.Kimasai.Start())
	recs, _ := Parse("w.bgn", strings.NewReader(`[Variant "kimasai"] A2 a2 *`))
	Walk(recs[0], WalkOptions{}, func(s *Step) error {
		if err := g.Play(s.Move); err != nil {
			t.Fatal(err)
		}
		if s.Status() != g.Status() || s.Last() != (s.Index == 1) {
			t.Errorf("ply %d: status %v last %v", s.Ply, s.Status(), s.Last())
		}
		return nil
	})
}

// WalkOptions.Game: the walk plays on the caller's game, which then holds the main line (the
// variations walked are taken back); a game that is not new from the record's start is refused.
func TestWalkOnGame(t *testing.T) {
	recs, err := Parse("w.bgn", strings.NewReader(`[Variant "kingulu"] A3 (A4 a3) a1 *`))
	if err != nil {
		t.Fatal(err)
	}
	g := engine.NewGame(engine.Kingulu.Start())
	if err := Walk(recs[0], WalkOptions{Variations: true, Game: g}, func(*Step) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range g.Moves() {
		got = append(got, engine.Kingulu.FormatMove(m))
	}
	if strings.Join(got, " ") != "A3 a1" {
		t.Errorf("the game holds %v, want the main line A3 a1", got)
	}
	for name, bad := range map[string]*engine.Game{
		"played on":     g,
		"another start": engine.NewGame(engine.Kimasai.Start()),
	} {
		if err := Walk(recs[0], WalkOptions{Game: bad}, func(*Step) error { return nil }); err == nil {
			t.Errorf("%s: a game that is not new from the record's start was walked on", name)
		}
	}
}

// TestWalkFillsIllegibleMoves: a "?" of the main line that the rest of the game allows one way
// is played as that move, marked Filled; one that several moves fit stays an error listing
// them, and one in a variation is never filled.
func TestWalkFillsIllegibleMoves(t *testing.T) {
	// Kingulu: from the start A3, A4, A5 and A6 are legal; a1 after A3 and A6 only, and then A2
	// after A3 only.
	walk := func(src string, opts WalkOptions) (got []string, errs []*Error) {
		recs, err := Parse("w.bgn", strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		Walk(recs[0], opts, func(s *Step) error {
			switch {
			case s.Err != nil:
				errs = append(errs, s.Err)
			case s.Filled:
				got = append(got, s.Node.Token+"="+s.Token())
			default:
				got = append(got, s.Token())
			}
			return nil
		})
		return got, errs
	}
	if got, errs := walk(`[Variant "kingulu"] ? a1 A2 *`, WalkOptions{}); strings.Join(got, " ") != "?=A3 a1 A2" || errs != nil {
		t.Errorf("unique fill: %v %v", got, errs)
	}
	got, errs := walk(`[Variant "kingulu"] ? *`, WalkOptions{})
	if len(got) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrIllegible) || strings.Join(errs[0].Legal, " ") != "A3 A4 A5 A6" ||
		!strings.Contains(errs[0].Error(), "4 completions keep the game legal (A3 A4 A5 A6)") {
		t.Errorf("two completions: %v %v", got, errs)
	}
	if _, errs := walk(`[Variant "kingulu"] A3 (? a3) a1 *`, WalkOptions{Variations: true}); len(errs) != 1 || errs[0].Move != "?" {
		t.Errorf("a ? in a variation: %v", errs)
	}
}
