package notation

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
)

// BenchmarkRepair: the repair search of the longest engine-played game of a variant (Bao la
// Kiswahili 134 plies, Bao la Kimasai 150) with one scribe's slip in the middle, and with two.
// The targets are under 1 s for one error and under 10 s for two, on one core.
func BenchmarkRepair(b *testing.B) {
	for _, v := range []*engine.Variant{engine.Kiswahili, engine.Kimasai} {
		rec, toks := longGame(b, v, 150)
		n := len(toks)
		for _, tc := range []struct {
			errs  int
			kinds []string
			at    []int
		}{
			{1, []string{"neighbour"}, []int{n / 2}},
			{2, []string{"neighbour", "left-out"}, []int{n / 3, 2 * n / 3}},
		} {
			w := toks
			for k := len(tc.at) - 1; k >= 0; k-- {
				w, _ = slip(tc.kinds[k], w, tc.at[k], rand.New(rand.NewPCG(1, 1)), v.Start())
			}
			r := withTokens(rec, w)
			b.Run(fmt.Sprintf("%s/%d-plies/%d-errors", v.ID, n, tc.errs), func(b *testing.B) {
				for b.Loop() {
					if reps, err := Repairs(r, RepairOptions{}); err != nil || len(reps) == 0 {
						b.Fatal(reps, err)
					}
				}
			})
		}
	}
}

// FuzzRepair: a repair search of any record ends within its budget without panicking, and
// every repair it offers makes a main line without variations replay.
func FuzzRepair(f *testing.F) {
	for _, s := range []string{
		"[Variant \"kingulu\"] A3 a2 A2 *",
		"[Variant \"kingulu\"] A3 ? A? a1 *",
		"[Variant \"kiswahili\"] A6< a3? A?< *",
		"[Variant \"kimasai\"] A2 a2 B12-A12 *",
		"[Variant \"kete\"] 1. A6< {[%pos x]} ?6> *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		recs, err := Parse("fuzz.bgn", strings.NewReader(src))
		if err != nil || len(recs) != 1 || len(recs[0].Moves) > 12 {
			return
		}
		r := recs[0]
		reps, err := Repairs(r, RepairOptions{MaxEdits: 1, Budget: time.Second})
		if errors.Is(err, ErrBudget) {
			return
		}
		for _, n := range r.Moves {
			if len(n.Variations) > 0 {
				return
			}
		}
		for _, rep := range reps {
			fixed := r.Repaired(rep, true)
			for _, e := range Verify(fixed) {
				var me *engine.MoveError
				if errors.As(e, &me) || errors.Is(e, ErrIllegible) {
					t.Errorf("repair %+v leaves %v", rep.Edits, e)
				}
			}
		}
	})
}
