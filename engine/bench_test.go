package engine

import "testing"

// benchPositions gathers n positions of v from seeded random games, a mix of every stage.
func benchPositions(tb testing.TB, v *Variant, n int) []Position {
	tb.Helper()
	var ps []Position
	for i := uint64(0); len(ps) < n; i++ {
		g := RandomGame(v.Start(), NewRand(99, i), 400)
		p := v.Start()
		for _, m := range g.Moves() {
			ps = append(ps, p)
			var err error
			if p, err = p.Apply(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return ps[:n]
}

// BenchmarkChildren measures the engine's hot path, "all legal moves with their resulting
// positions", per game; positions/s counts the positions whose moves were listed.
func BenchmarkChildren(b *testing.B) {
	for _, v := range Variants() {
		b.Run(v.id, func(b *testing.B) { benchChildren(b, benchPositions(b, v, 500)) })
	}
}

// benchChildren lists the moves of ps in turn, reusing one buffer, and reports positions/s.
func benchChildren(b *testing.B, ps []Position) {
	buf := make([]Child, 0, 64)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		buf = ps[n%len(ps)].Children(buf[:0])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkParsePosition measures BPN reading, which batch checks do once per line.
func BenchmarkParsePosition(b *testing.B) {
	for _, v := range Variants() {
		b.Run(v.id, func(b *testing.B) {
			s := v.start
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParsePosition(v, s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
