package analysis

import (
	"context"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
)

// BenchmarkSearch measures nodes per second on one thread, searching middle-game positions of
// each game (ply 20 of seeded random games, or earlier where the search would prove the
// result at once: Bao Kingulu's games are short) for 100 ms each, per wall-clock second and,
// where the system tells, per second of CPU time.
func BenchmarkSearch(b *testing.B) {
	for _, v := range engine.Variants() {
		b.Run(v.ID(), func(b *testing.B) {
			var ps []engine.Position
			probe := NewSearcher(1)
			for i := uint64(0); len(ps) < 8; i++ {
				for ply := 20; ply >= 4; ply -= 4 {
					g := engine.RandomGame(v.Start(), engine.NewRand(7, i), ply)
					if g.Status() != engine.Ongoing {
						continue
					}
					// A search that ends before its budget measures little.
					probe.Clear()
					if r := probe.Search(context.Background(), g.Position(), nil, Limits{Nodes: 20000}, nil); r.Nodes >= 18000 { // nine tenths: the rest is for choosing among equals
						ps = append(ps, g.Position())
						break
					}
				}
			}
			s := NewSearcher(16)
			var nodes int64
			var elapsed time.Duration
			b.ResetTimer()
			cpu0, cpuOK := cpuTime()
			for i := range b.N {
				r := s.Search(context.Background(), ps[i%len(ps)], nil, Limits{MoveTime: 100 * time.Millisecond}, nil)
				nodes += r.Nodes
				elapsed += r.Elapsed
			}
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
			if cpu1, _ := cpuTime(); cpuOK && cpu1 > cpu0 {
				b.ReportMetric(float64(nodes)/(cpu1-cpu0).Seconds(), "nodes/cpu-s")
			}
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p := engine.RandomGame(engine.Kiswahili.Start(), engine.NewRand(7, 0), 30).Position()
	w := weightsOf(p.Variant())
	for range b.N {
		evaluate(&p, w)
	}
}
