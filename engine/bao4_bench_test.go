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
