package archive

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// The archive benchmarks share one generated archive of -bench.games random games (100 to a
// file, the four variants in turn, South and North drawn from 1,000 names). With -bench.dir
// the archive (and its index) is kept there and reused by later runs, so that a large archive
// is generated once and timed builds and many-query latency runs can be separate:
//
//	go test ./archive -run='^$' -bench='ArchiveUpdate/shards=2' -benchtime=1x -bench.games=100000 -bench.dir=/tmp/b100k
//	go test ./archive -run='^$' -bench='ArchiveSearch|ArchiveExplore' -benchtime=500x -bench.games=100000 -bench.dir=/tmp/b100k
var (
	benchGames = flag.Int("bench.games", 5000, "games in the archive of the archive benchmarks")
	benchDir   = flag.String("bench.dir", "", "keep the benchmark archive here and reuse it (default: a new temporary directory)")
)

type benchArchive struct {
	root      string
	games     int
	positions []Query // position searches: positions some game reached
	players   []string
}

var (
	benchOnce sync.Once
	bench     *benchArchive
)

func generatedArchive(b *testing.B) *benchArchive {
	benchOnce.Do(func() {
		root := *benchDir
		var err error
		if root == "" {
			root, err = os.MkdirTemp("", "bao-bench")
		} else {
			err = os.MkdirAll(root, 0o755)
		}
		if err != nil {
			b.Fatal(err)
		}
		bench = &benchArchive{root: root, games: *benchGames}
		for i := range 1000 {
			bench.players = append(bench.players, benchPlayer(i))
		}
		saved := filepath.Join(root, ".bao", fmt.Sprintf("positions-%d.json", *benchGames))
		if raw, err := os.ReadFile(saved); err == nil && json.Unmarshal(raw, &bench.positions) == nil {
			return
		}
		files := (*benchGames + 99) / 100
		var wg sync.WaitGroup
		var mu sync.Mutex
		next := make(chan int)
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					qs := writeBenchFile(b, root, i, min(100, *benchGames-i*100))
					mu.Lock()
					bench.positions = append(bench.positions, qs...)
					mu.Unlock()
				}
			}()
		}
		for i := range files {
			next <- i
		}
		close(next)
		wg.Wait()
		slices.SortFunc(bench.positions, func(a, b Query) int { return strings.Compare(a.Position, b.Position) })
		raw, _ := json.Marshal(bench.positions)
		os.MkdirAll(filepath.Dir(saved), 0o755)
		if err := os.WriteFile(saved, raw, 0o644); err != nil {
			b.Fatal(err)
		}
	})
	return bench
}

func benchPlayer(i int) string { return fmt.Sprintf("Player %03d Mchezaji", i) }

// writeBenchFile writes file i of the generated archive and returns a position search for the
// position after 6 plies of its first game.
func writeBenchFile(b *testing.B, root string, i, n int) []Query {
	v := engine.Variants()[i%4]
	recs := make([]*notation.Record, n)
	var qs []Query
	for j := range recs {
		r := engine.NewRand(uint64(i), uint64(j))
		g := engine.RandomGame(v.Start(), r, 300)
		tags := []notation.Tag{{Name: "Event", Value: fmt.Sprintf("Open %d", i%50)},
			{Name: "Date", Value: fmt.Sprintf("%d.%02d.%02d", 1960+i%60, 1+j%12, 1+j%28)},
			{Name: "South", Value: benchPlayer(r.IntN(1000))}, {Name: "North", Value: benchPlayer(r.IntN(1000))}}
		recs[j] = notation.FromGame(tags, g)
		if j == 0 && len(g.Moves()) > 6 {
			p := g.Start()
			for _, m := range g.Moves()[:6] {
				p, _ = p.Apply(m)
			}
			qs = append(qs, Query{Variant: v.ID(), Position: p.String()})
		}
	}
	f, err := os.Create(filepath.Join(root, fmt.Sprintf("f%05d.bgn", i)))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := notation.Write(f, recs...); err != nil {
		b.Fatal(err)
	}
	return qs
}

func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// BenchmarkArchiveUpdate builds the generated archive's index from nothing: reading, verifying
// and replaying every record, and indexing every position. peak-heap-MB is the most heap in
// use while it ran, which the batches bound (batchPositions): it should not grow with the
// shard count nor with -bench.games.
func BenchmarkArchiveUpdate(b *testing.B) {
	a := generatedArchive(b)
	for _, shards := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("shards=%d", shards), func(b *testing.B) {
			dir := filepath.Join(a.root, ".bao", fmt.Sprintf("bench-%d", shards))
			var elapsed time.Duration
			runtime.GC()
			stop := peakHeap(b)
			cpu0 := cpuTime()
			for b.Loop() {
				os.RemoveAll(dir)
				s, err := Update(context.Background(), a.root, UpdateOptions{IndexDir: dir, Shards: shards})
				if err != nil {
					b.Fatal(err)
				}
				elapsed += s.Elapsed
			}
			stop()
			b.ReportMetric(float64(a.games*b.N)/elapsed.Seconds(), "games/s")
			b.ReportMetric(float64(a.games*b.N)/(cpuTime()-cpu0).Seconds(), "games/cpu-s")
			b.ReportMetric(float64(dirSize(dir))/float64(a.games), "index-bytes/game")
		})
	}
}

// searchIndex returns the generated archive's index, the one BenchmarkArchiveUpdate/shards=2
// builds, building it if needed.
func searchIndex(b *testing.B) (*benchArchive, *Index) {
	a := generatedArchive(b)
	dir := filepath.Join(a.root, ".bao", "bench-2")
	if _, err := Update(context.Background(), a.root, UpdateOptions{IndexDir: dir, Shards: 2}); err != nil {
		b.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	return a, ix
}

// latencies runs one query per iteration and reports the median and 99th percentile.
func latencies(b *testing.B, run func(i int) error) {
	var ds []time.Duration
	i := 0
	for b.Loop() {
		t := time.Now()
		if err := run(i); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t))
		i++
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, "p99-ms")
}

func BenchmarkArchiveSearchPosition(b *testing.B) {
	a, ix := searchIndex(b)
	latencies(b, func(i int) error {
		q := a.positions[i%len(a.positions)]
		q.Limit = 20
		res, err := ix.Search(context.Background(), q)
		if err == nil && res.Total == 0 {
			err = fmt.Errorf("no game reached %s", q.Position)
		}
		return err
	})
}

func BenchmarkArchiveSearchPlayer(b *testing.B) {
	a, ix := searchIndex(b)
	latencies(b, func(i int) error {
		_, err := ix.Search(context.Background(), Query{Player: strings.ToLower(a.players[i%len(a.players)]), Limit: 20})
		return err
	})
}

func BenchmarkArchiveSearchFacets(b *testing.B) {
	_, ix := searchIndex(b)
	latencies(b, func(i int) error {
		_, err := ix.Search(context.Background(), Query{Since: fmt.Sprint(1960 + i%60), Facets: true, Limit: 20})
		return err
	})
}

func BenchmarkArchiveExploreStart(b *testing.B) {
	_, ix := searchIndex(b)
	latencies(b, func(i int) error {
		_, err := ix.Explore(context.Background(), ExploreQuery{Variant: engine.Variants()[i%4].ID()})
		return err
	})
}

// BenchmarkIndexBatch measures bleve alone: one batch of 500 prepared game documents (all
// positions included) into an on-disk index, without reading or replaying records.
func BenchmarkIndexBatch(b *testing.B) {
	m, err := newMapping()
	if err != nil {
		b.Fatal(err)
	}
	var docs []gameDoc
	for i := range 500 {
		v := engine.Variants()[i%4]
		g := engine.RandomGame(v.Start(), engine.NewRand(7, uint64(i)), 300)
		s := gameSource{line: 1, variant: v, tags: map[string]string{"South": benchPlayer(i % 97), "North": benchPlayer(i % 89),
			"Event": "Bench", "Date": "2001.02.03", "Result": g.Status().Result()}}
		p := g.Start()
		s.path = append(s.path, p)
		for _, mv := range g.Moves() {
			p, _ = p.Apply(mv)
			s.path = append(s.path, p)
			s.moves = append(s.moves, v.FormatMove(mv))
		}
		docs = append(docs, newGameDoc("bench.bgn", i+1, s, nil))
	}
	idx, err := bleve.NewUsing(filepath.Join(b.TempDir(), "i"), m, "scorch", bleve.Config.DefaultKVStore, map[string]any{"unsafe_batch": true})
	if err != nil {
		b.Fatal(err)
	}
	defer idx.Close()
	n := 0
	cpu0 := cpuTime()
	for b.Loop() {
		batch := idx.NewBatch()
		for _, d := range docs {
			n++
			doc := document.NewDocument(fmt.Sprint("d", n))
			if err := m.MapDocument(doc, d); err != nil {
				b.Fatal(err)
			}
			batch.IndexAdvanced(doc)
		}
		if err := idx.Batch(batch); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(n)/(cpuTime()-cpu0).Seconds(), "games/cpu-s")
}

// peakHeap samples the heap in use (Go's HeapInuse) until stop, which reports its peak.
func peakHeap(b *testing.B) (stop func()) {
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		var most uint64
		for {
			metrics.Read(samples)
			most = max(most, samples[0].Value.Uint64()+samples[1].Value.Uint64())
			select {
			case <-done:
				peak <- most
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(done)
		b.ReportMetric(float64(<-peak)/(1<<20), "peak-heap-MB")
	}
}

// cpuTime is the CPU time this process has used, in all its threads: on a machine shared with
// other work, games per CPU-second is steadier than games per second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPatternScan times a pattern search's scan of the position stores of -bench.games
// self-played Bao la Kiswahili games (1,000 to a store), without the bleve query that then
// selects the games found: the figure in doc.go is from
//
//	go test ./archive -run='^$' -bench=PatternScan -benchtime=5x -bench.games=100000
func BenchmarkPatternScan(b *testing.B) {
	dir := b.TempDir()
	var stores []storeOf
	positions := 0
	for f := 0; f*1000 < *benchGames; f++ {
		pw, err := newPositionWriter(dir)
		if err != nil {
			b.Fatal(err)
		}
		for i := range min(1000, *benchGames-f*1000) {
			g := engine.RandomGame(engine.Kiswahili.Start(), engine.NewRand(uint64(f), uint64(i)), 300)
			s := gameSource{variant: engine.Kiswahili, path: []engine.Position{g.Start()}}
			p := g.Start()
			for _, m := range g.Moves() {
				s.moves = append(s.moves, engine.Kiswahili.FormatMove(m))
				p, _ = p.Apply(m)
				s.path = append(s.path, p)
			}
			positions += len(s.path)
			if err := pw.add(i+1, s); err != nil {
				b.Fatal(err)
			}
		}
		hash := fmt.Sprintf("f%03d", f)
		if err := pw.commit(hash); err != nil {
			b.Fatal(err)
		}
		stores = append(stores, storeOf{hash + ".bgn", positionsFile(dir, hash)})
	}
	pat, err := ParsePattern(engine.Kiswahili, "x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/0,0,0-2,x,x,x,x,x/x,x,x,x,x,x,x,x N x Hh x")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		q    lineQuery
	}{
		{"pattern", lineQuery{variant: engine.Kiswahili, pattern: pat}},
		{"played", lineQuery{variant: engine.Kiswahili, played: []string{"A6<*", "a5>"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			found := 0
			for b.Loop() {
				res, err := scanStores(context.Background(), stores, c.q)
				if err != nil {
					b.Fatal(err)
				}
				found = len(res)
			}
			b.ReportMetric(float64(found), "games-found")
			b.ReportMetric(float64(positions), "positions")
		})
	}
}
