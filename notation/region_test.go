package notation

import (
	"math/rand/v2"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestRepairFarApartSlips: 200 self-played Bao la Kiswahili games, each given three scribe's
// slips of the kinds of slips (one in each third of the game, at least 14 moves apart). bao
// repair with its default options (2 corrections) must give the true game first for at least
// 95% of them: the slips are mended stretch by stretch.
func TestRepairFarApartSlips(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	v := engine.Kiswahili
	first, tried := 0, 0
	for seed := uint64(0); tried < n; seed++ {
		g := engine.RandomGame(v.Start(), engine.NewRand(99, seed), 200)
		if len(g.Moves()) < 60 {
			continue
		}
		var tokens []string
		for _, m := range g.Moves() {
			tokens = append(tokens, v.FormatMove(m))
		}
		rnd := rand.New(rand.NewPCG(98, seed))
		third := len(tokens) / 3
		var at []int
		var kinds []string
		for k := range 3 {
			at = append(at, k*third+7+rnd.IntN(third-14))
			kinds = append(kinds, slips[rnd.IntN(len(slips))])
		}
		rec, ok := corrupted(v, tokens, g.Status().Result(), kinds, at, rnd)
		if !ok {
			continue
		}
		tried++
		reps, err := Repairs(rec, RepairOptions{})
		if err == nil && rankOf(rec, reps, tokens) == 1 {
			first++
		} else if testing.Verbose() {
			t.Logf("game %d, %v at %v: %v, %d repairs, true game at rank %d", seed, kinds, at, err, len(reps), rankOf(rec, reps, tokens))
		}
	}
	t.Logf("true game first for %d of %d transcripts (%.1f%%)", first, tried, 100*float64(first)/float64(tried))
	if first*100 < 95*tried {
		t.Errorf("true game first for %d of %d transcripts, want at least 95%%", first, tried)
	}
}
