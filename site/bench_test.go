package site

import (
	"testing"
	"time"

	"github.com/bao-archive/bao/internal/sitetest"
)

// BenchmarkBuild measures whole-site builds of a generated archive, in memory, and reports the
// rate in game pages per second.
func BenchmarkBuild(b *testing.B) {
	const games = 400
	src := sitetest.Generated(b, games)
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		out := &memOutput{files: map[string][]byte{}}
		bd, err := s.build(b.Context(), src, out)
		if err != nil || bd.games != games || len(bd.warnings) > 0 {
			b.Fatalf("build: %v, warnings %v", err, bd.warnings)
		}
	}
	b.ReportMetric(float64(games*b.N)/time.Since(start).Seconds(), "games/s")
}
