package engine

import "testing"

// b4BenchPositions gathers n positions of a 4x8 game from seeded random games, half of them
// namua (nemo) positions and half mtaji ones, spread over each game.
func b4BenchPositions(tb testing.TB, v *Variant, n int) []Position {
	tb.Helper()
	var namua, mtaji []Position
	for i := uint64(0); len(namua) < n/2 || len(mtaji) < n-n/2; i++ {
		g := RandomGame(v.Start(), NewRand(4008, i), 300)
		p := v.Start()
		for ply, m := range g.Moves() {
			if ply%5 == 0 {
				if p.bank[p.toMove] > 0 {
					namua = append(namua, p)
				} else {
					mtaji = append(mtaji, p)
				}
			}
			var err error
			if p, err = p.Apply(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return append(namua[:n/2:n/2], mtaji[:n-n/2]...)
}

// BenchmarkChildren4x8 measures the 4x8 hot path over an even mix of namua and mtaji
// positions: positions/s counts the positions whose legal moves (with results and flags) were
// listed. The buffer is reused, so listing moves allocates nothing.
func BenchmarkChildren4x8(b *testing.B) {
	for _, v := range []*Variant{Kiswahili, Kete} {
		ps := b4BenchPositions(b, v, 200)
		b.Run(v.id, func(b *testing.B) { benchChildren(b, ps) })
	}
}

// BenchmarkLongNeverEnding lists the moves of a Bao la Kiswahili position where a6> is a
// takasa that never ends, with a period of 134,108,944 relay laps on the board (found by a
// reliability test: it took 3.2 s before the packed relay loop, 0.55-0.7 s while that loop
// had to sow the whole period). The packed loop compares the ring turned to the relay pit,
// which repeats after 8,381,817 laps, a 16th of the period: every one of them must be sown
// to prove the move illegal; laps/s is the relay rate.
func BenchmarkLongNeverEnding(b *testing.B) {
	p, err := ParsePosition(Kiswahili, "5,1,3,4,1,2,5,6/1,11,4,1,0,7,0,3/0,0,0,1,0,0,0,1/2,1,0,0,2,1,1,1 N 0-0 - -")
	if err != nil {
		b.Fatal(err)
	}
	var buf []Child
	for b.Loop() {
		if buf = p.Children(buf[:0]); len(buf) != 7 {
			b.Fatalf("%d moves, want 7", len(buf))
		}
	}
	b.ReportMetric(8381817*float64(b.N)/b.Elapsed().Seconds(), "laps/s")
}
