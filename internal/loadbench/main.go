// Command loadbench puts bao serve under load as a crowd of readers would, and reports what it
// stood: N clients for a while over game pages, live searches and the explorer of a generated
// archive with its index, each client sending its next request when the last was answered.
// It prints the requests, the errors (anything but 200), the latency percentiles of each kind
// and the server's peak resident memory, and exits 1 when a target is missed: 0 errors, peak
// RSS under -max-rss, p99 under -page-p99 for pages and -search-p99 for searches and explore.
//
//	go run ./internal/loadbench -bao bin/bao -dir /tmp/bao-load      (make load)
//
// The archive (-games self-played games of the four variants, files of 1,000) and its index
// are made in -dir by the bao given, and reused by later runs.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bao-archive/bao/site"
)

func main() {
	bao := flag.String("bao", "bin/bao", "the bao binary to serve with")
	dir := flag.String("dir", "/tmp/bao-load", "folder of the generated archive")
	games := flag.Int("games", 20_000, "games in the archive")
	clients := flag.Int("clients", 100, "clients at once")
	length := flag.Duration("duration", 20*time.Second, "how long the load lasts")
	maxRSS := flag.Int64("max-rss", 1<<30, "peak RSS target of the server, bytes")
	pageP99 := flag.Duration("page-p99", time.Second, "p99 target of game pages")
	searchP99 := flag.Duration("search-p99", 2*time.Second, "p99 target of searches and explore")
	flag.Parse()
	if err := run(*bao, *dir, *games, *clients, *length, *maxRSS, *pageP99, *searchP99); err != nil {
		fmt.Fprintln(os.Stderr, "loadbench:", err)
		os.Exit(1)
	}
}

var variants = []string{"kiswahili", "kete", "kingulu", "kimasai"}

// files is the archive's record files: variant/games-k.bgn, 1,000 games each.
func files(games int) []string {
	var out []string
	for k := 0; k*1000 < games; k++ {
		out = append(out, fmt.Sprintf("%s/games-%d.bgn", variants[k%len(variants)], k+1))
	}
	return out
}

func run(bao, dir string, games, clients int, length time.Duration, maxRSS int64, pageP99, searchP99 time.Duration) error {
	bao, err := filepath.Abs(bao)
	if err != nil {
		return err
	}
	root := filepath.Join(dir, strconv.Itoa(games))
	if err := generate(bao, root, games); err != nil {
		return err
	}
	start := time.Now()
	if out, err := exec.Command(bao, "index", root).CombinedOutput(); err != nil {
		return fmt.Errorf("bao index: %v\n%s", err, out)
	}
	fmt.Printf("archive %s: %d games, indexed in %s\n", root, games, time.Since(start).Round(time.Second))

	srv := exec.Command(bao, "serve", "--addr", "127.0.0.1:0", root)
	stdout, _ := srv.StdoutPipe()
	srv.Stderr = io.Discard
	if err := srv.Start(); err != nil {
		return err
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n') // "serving ROOT on http://ADDR/ …"
	i := strings.Index(line, "http://")
	if err != nil || i < 0 {
		return fmt.Errorf("bao serve said %q: %v", line, err)
	}
	base := strings.TrimRight(strings.Fields(line[i:])[0], "/")
	go io.Copy(io.Discard, stdout)
	if err := waitReady(base); err != nil {
		return err
	}

	type sample struct {
		kind string
		d    time.Duration
		err  string
	}
	var (
		mu      sync.Mutex
		samples []sample
		wg      sync.WaitGroup
	)
	fs := files(games)
	client := &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	deadline := time.Now().Add(length)
	for c := range clients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(c), 7))
			var mine []sample
			for time.Now().Before(deadline) {
				kind, target := request(r, fs, games)
				t0 := time.Now()
				resp, err := client.Get(base + target)
				s := sample{kind: kind}
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("%d", resp.StatusCode)
					}
				}
				s.d = time.Since(t0)
				if err != nil {
					s.err = fmt.Sprintf("GET %s: %v", target, err)
				}
				mine = append(mine, s)
			}
			mu.Lock()
			samples = append(samples, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	rss := peakRSS(srv.Process.Pid)

	failed := false
	var errs []string
	fmt.Printf("%d clients for %s: %d requests (%.0f/s)\n", clients, length, len(samples), float64(len(samples))/length.Seconds())
	for _, kind := range []string{"page", "search", "explore"} {
		var ds []time.Duration
		for _, s := range samples {
			if s.kind == kind {
				ds = append(ds, s.d)
				if s.err != "" {
					errs = append(errs, s.err)
				}
			}
		}
		if len(ds) == 0 {
			continue
		}
		slices.Sort(ds)
		pct := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1))].Round(time.Millisecond) }
		target := searchP99
		if kind == "page" {
			target = pageP99
		}
		mark := "ok"
		if pct(0.99) > target {
			mark, failed = "MISSED (target "+target.String()+")", true
		}
		fmt.Printf("  %-8s %6d requests  p50 %-8s p99 %-8s max %-8s %s\n", kind, len(ds), pct(0.5), pct(0.99), ds[len(ds)-1].Round(time.Millisecond), mark)
	}
	mark := "ok"
	if rss > maxRSS {
		mark, failed = fmt.Sprintf("MISSED (target %d MiB)", maxRSS>>20), true
	}
	fmt.Printf("  errors %d; server peak RSS %d MiB %s\n", len(errs), rss>>20, mark)
	if len(errs) > 0 {
		failed = true
		fmt.Printf("  first error: %s\n", errs[0])
	}
	if failed {
		return fmt.Errorf("a target was missed")
	}
	return nil
}

// request picks the next request: half game pages, a third searches, the rest explore.
func request(r *rand.Rand, fs []string, games int) (kind, target string) {
	switch n := r.IntN(6); {
	case n < 3:
		k := r.IntN(len(fs))
		return "page", "/" + site.GameHref(fs[k], 1+r.IntN(min(1000, games-1000*k)))
	case n < 5:
		q := []url.Values{
			{"q": {"random"}},
			{"variant": {variants[r.IntN(len(variants))]}, "result": {"1-0"}},
			{"player": {"random"}, "offset": {strconv.Itoa(50 * r.IntN(20))}},
			{"q": {"plies:>100"}, "variant": {"kete"}},
			{"variant": {"kingulu"}, "after": {"A3"}},
		}[r.IntN(5)]
		return "search", "/search?" + q.Encode()
	default:
		v := variants[r.IntN(len(variants))]
		return "explore", "/explore?" + url.Values{"variant": {v}}.Encode()
	}
}

// generate writes the archive's files with bao selfplay, unless they are there.
func generate(bao, root string, games int) error {
	for k, f := range files(games) {
		path := filepath.Join(root, f)
		if _, err := os.Stat(path); err == nil {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		n := min(1000, games-1000*k)
		out, err := exec.Command(bao, "selfplay", "--variant", filepath.Dir(f), "--games", strconv.Itoa(n),
			"--seed", strconv.Itoa(k+1), "--max-plies", "300").Output()
		if err != nil {
			return fmt.Errorf("bao selfplay: %v", err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// waitReady waits until the server has read its catalog (the lists answer).
func waitReady(base string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for ctx.Err() == nil {
		resp, err := http.Get(base + "/lists/index.html")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("bao serve at %s did not get ready", base)
}

// peakRSS is the process's peak resident set (VmHWM), in bytes.
func peakRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
