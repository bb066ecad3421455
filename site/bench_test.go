package site

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// generatedArchive makes an archive of n random games, spread over the four variants and ten
// files per variant, each game with a comment holding a diagram.
func generatedArchive(tb testing.TB, n int) fstest.MapFS {
	tb.Helper()
	fsys := fstest.MapFS{"README.md": {Data: []byte("# Generated\n\nRandom games.\n")}}
	files := map[string]*strings.Builder{}
	vs := engine.Variants()
	for i := range n {
		v := vs[i%len(vs)]
		g := engine.RandomGame(v.Start(), engine.NewRand(7, uint64(i)), 120)
		r := notation.FromGame([]notation.Tag{
			{Name: "Event", Value: fmt.Sprintf("Generated %d", i%13)},
			{Name: "Date", Value: fmt.Sprintf("%d.01.01", 1990+i%30)},
			{Name: "South", Value: fmt.Sprintf("Player %d", i%50)},
			{Name: "North", Value: fmt.Sprintf("Player %d", (i+7)%50)},
		}, g)
		if len(r.Moves) > 4 {
			r.Moves[3].After = append(r.Moves[3].After, notation.Comment{Text: "A *generated* note.\n\n```bao\nafter=4\n```\n"})
		}
		name := fmt.Sprintf("%s/games-%d.bgn", v.ID(), i/len(vs)%10)
		if files[name] == nil {
			files[name] = &strings.Builder{}
		}
		if err := notation.Write(files[name], r); err != nil {
			tb.Fatal(err)
		}
		files[name].WriteString("\n")
	}
	for name, b := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(b.String())}
	}
	return fsys
}

// BenchmarkBuild measures whole-site builds of a generated archive, in memory, and reports the
// rate in game pages per second.
func BenchmarkBuild(b *testing.B) {
	const games = 400
	src := generatedArchive(b, games)
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
