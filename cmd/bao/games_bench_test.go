package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// BenchmarkAnalyseProcesses is the wall time of bao analyse over 1,000 self-played games (250
// of each game, at most 40 plies) at a fixed budget of 100 nodes a search, as one process and
// as two processes that each take a shard into one results folder: what splitting a run over
// the cores of a machine gains. Each iteration runs both.
func BenchmarkAnalyseProcesses(b *testing.B) {
	dir := b.TempDir()
	var files []string
	for _, v := range []string{"kingulu", "kiswahili", "kete", "kimasai"} {
		code, out, errOut := runBao(b, "", "selfplay", "--variant", v, "--games", "250", "--seed", "9", "--max-plies", "40")
		if code != 0 {
			b.Fatal(errOut)
		}
		path := filepath.Join(dir, v+".bgn")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, path)
	}
	run := func(processes int) time.Duration {
		out := filepath.Join(b.TempDir(), "results")
		start := time.Now()
		var wg sync.WaitGroup
		for i := 1; i <= processes; i++ {
			args := append(append([]string{"analyse"}, files...), "--nodes", "100", "--hash", "1", "--out", out,
				"--shard", fmt.Sprintf("%d/%d", i, processes))
			c := baoProcess(b, args...)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if out, err := c.CombinedOutput(); err != nil {
					b.Errorf("%v: %v\n%s", args, err, out)
				}
			}()
		}
		wg.Wait()
		return time.Since(start)
	}
	var one, two time.Duration
	for b.Loop() {
		one += run(1)
		two += run(2)
	}
	b.ReportMetric(one.Seconds()/float64(b.N), "s/1-process")
	b.ReportMetric(two.Seconds()/float64(b.N), "s/2-processes")
}
