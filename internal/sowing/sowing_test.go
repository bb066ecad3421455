package sowing

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// TestSowingSteps plays random games of every variant and replays each move's sowing steps
// as the viewer script does (site/static/bao.js): they must end in the engine's position. In the 4x8 games and
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
					steps := Steps(p, tr, next)
					bank, banked := Bank(p)
					counts := make([]int, v.Pits())
					for i := range counts {
						counts[i] = p.Seeds(engine.Pit(i))
					}
					for _, s := range steps {
						switch s.Op {
						case 'S':
							if s.Nums[0] >= 0 {
								counts[s.Nums[0]] -= s.Nums[1]
							}
							for _, x := range s.Nums[2:] {
								counts[x]++
							}
						case 'X':
							counts[s.Nums[0]] = 0
						case '=':
							for i := 0; i < len(s.Nums); i += 2 {
								counts[s.Nums[i]] = s.Nums[i+1]
							}
							if s.Settle {
								settled++
							}
						case 'B':
							if s.Settle {
								t.Errorf("game %d ply %d %s from %s: the bank %v needed a closing step to %v",
									game, ply, v.FormatMove(m), p, bank, s.Nums)
							}
							bank = [2]int{s.Nums[0], s.Nums[1]}
						}
					}
					for i, c := range counts {
						if want := next.Seeds(engine.Pit(i)); c != want {
							t.Fatalf("game %d ply %d %s from %s: pit %s has %d after the steps, want %d",
								game, ply, v.FormatMove(m), p, v.PitName(engine.Pit(i)), c, want)
						}
					}
					if want, _ := Bank(next); banked && bank != want {
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

// TestAppendMove reads back the document a page's analysis board gets for a move: the pit it
// starts from, a lap into the pits the trace sows, and words for each step that has them.
func TestAppendMove(t *testing.T) {
	for _, v := range engine.Variants() {
		p := v.Start()
		m := p.Moves()[0]
		_, tr, err := p.Trace(m)
		if err != nil {
			t.Fatal(err)
		}
		b, err := AppendMove(nil, p, m)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Node  string
			Words []struct {
				ID   string
				Args map[string]any
			}
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v\n%s", v.ID(), err, b)
		}
		toks := strings.Fields(doc.Node)
		if want := strconv.Itoa(int(m.Pit)) + "f"; len(toks) < 2 || toks[0] != want {
			t.Errorf("%s %s: node %q, want it to start %q and go on with its steps", v.ID(), v.FormatMove(m), doc.Node, want)
		}
		laps := 0
		for _, tok := range toks[1:] {
			if tok[0] == 'S' {
				laps++
			}
			if f := strings.Split(tok[1:], ","); f[0] != "" {
				if i, err := strconv.Atoi(f[0]); err != nil || i >= len(doc.Words) || doc.Words[i].ID == "" {
					t.Errorf("%s: step %q names words %q of %d", v.ID(), tok, f[0], len(doc.Words))
				}
			}
		}
		if laps != len(tr.Laps) {
			t.Errorf("%s %s: %d laps in %q, want %d", v.ID(), v.FormatMove(m), laps, doc.Node, len(tr.Laps))
		}
	}
}
