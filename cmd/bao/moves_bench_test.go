package main

import (
	"io"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// BenchmarkMovesBatch is `bao moves --position - --json` in-process: read BPN lines, list
// every legal move with its position, write JSON Lines. positions/s is the figure the CLI's
// batch mode is compared against (time the binary on the same lines to compare).
func BenchmarkMovesBatch(b *testing.B) {
	for _, v := range engine.Variants() {
		b.Run(v.ID(), func(b *testing.B) {
			var lines []string
			for i := uint64(0); len(lines) < 2000; i++ {
				g := engine.RandomGame(v.Start(), engine.NewRand(11, i), 300)
				p := v.Start()
				for _, m := range g.Moves() {
					lines = append(lines, p.String())
					p, _ = p.Apply(m)
				}
			}
			in := strings.Join(lines[:2000], "\n") + "\n"
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if err := movesBatch(v, strings.NewReader(in), io.Discard); err != nil {
					b.Fatal(err)
				}
				n += 2000
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
