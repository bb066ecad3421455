package site

import (
	"math/rand/v2"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestSowingSteps plays random games of every variant and replays each move's sowing steps
// as the viewer script does: they must end in the engine's position. In the 4x8 games and
// Kimasai the trace alone must get there, without a closing "=" step; in every game the
// reserves and stores (B steps) must reach the engine's without a closing step.
func TestSowingSteps(t *testing.T) {
	for _, v := range engine.Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(v.ID()))))
			settled := 0
			for game := range 20 {
				p := v.Start()
				for ply := 0; ply < 150 && p.Status() == engine.Ongoing; ply++ {
					moves := p.Moves()
					m := moves[rng.IntN(len(moves))]
					next, err := p.Apply(m)
					if err != nil {
						t.Fatal(err)
					}
					_, tr, err := p.Trace(m)
					if err != nil {
						t.Fatal(err)
					}
					steps := sowingSteps(inEnglish, p, tr, next)
					bank, banked := bankOf(p)
					counts := make([]int, v.Pits())
					for i := range counts {
						counts[i] = p.Seeds(engine.Pit(i))
					}
					for _, s := range steps {
						switch s.op {
						case 'S':
							if s.nums[0] >= 0 {
								counts[s.nums[0]] -= s.nums[1]
							}
							for _, x := range s.nums[2:] {
								counts[x]++
							}
						case 'X':
							counts[s.nums[0]] = 0
						case '=':
							for i := 0; i < len(s.nums); i += 2 {
								counts[s.nums[i]] = s.nums[i+1]
							}
							if s.settle {
								settled++
							}
						case 'B':
							if s.settle {
								t.Errorf("game %d ply %d %s from %s: the bank %v needed a closing step to %v",
									game, ply, v.FormatMove(m), p, bank, s.nums)
							}
							bank = [2]int{s.nums[0], s.nums[1]}
						}
					}
					for i, c := range counts {
						if want := next.Seeds(engine.Pit(i)); c != want {
							t.Fatalf("game %d ply %d %s from %s: pit %s has %d after the steps, want %d",
								game, ply, v.FormatMove(m), p, v.PitName(engine.Pit(i)), c, want)
						}
					}
					if want, _ := bankOf(next); banked && bank != want {
						t.Fatalf("game %d ply %d %s: bank %v after the steps, want %v", game, ply, v.FormatMove(m), bank, want)
					}
					p = next
				}
			}
			t.Logf("%d moves settled by a closing step", settled)
			if v.HasHouse() || v.Stones() {
				if settled > 0 {
					t.Errorf("%d moves needed a closing step", settled)
				}
			}
		})
	}
}
