package analysis

import (
	"context"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
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

// BenchmarkAnalyse measures positions analysed (as bao analyse does: the two best moves of
// the position before each move, and the position after a move the engine would not play)
// per second of CPU time, over whole self-played games of each game at a fixed budget of
// 2,000 nodes a search, each game with an empty table.
func BenchmarkAnalyse(b *testing.B) {
	for _, v := range engine.Variants() {
		b.Run(v.ID(), func(b *testing.B) {
			var recs []*notation.Record
			for i := range 8 {
				recs = append(recs, notation.FromGame(nil, engine.RandomGame(v.Start(), engine.NewRand(11, uint64(i)), 60)))
			}
			s := NewSearcher(16)
			positions := 0
			b.ResetTimer()
			start := time.Now()
			cpu0, cpuOK := cpuTime()
			for i := range b.N {
				s.Clear()
				rep, err := AnalyseRecord(context.Background(), s, recs[i%len(recs)], Limits{Nodes: 2000}, nil)
				if err != nil {
					b.Fatal(err)
				}
				positions += len(rep.Moves) + 1
			}
			b.ReportMetric(float64(positions)/time.Since(start).Seconds(), "positions/s")
			if cpu1, _ := cpuTime(); cpuOK && cpu1 > cpu0 {
				b.ReportMetric(float64(positions)/(cpu1-cpu0).Seconds(), "positions/cpu-s")
			}
		})
	}
}
