package server

import (
	"fmt"
	"github.com/bao-archive/bao/internal/sitetest"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestServeRobustness runs 200 concurrent clients against bao serve on loopback, with the
// live search of a generated archive's index, for 10 s (2 s with -short). The mix holds pages,
// searches, explorations and hostile requests: long query text, huge offsets and wrong Host
// headers, each with its expected answer. Every request must get it: 0 errors. The latency
// percentiles are logged.
func TestServeRobustness(t *testing.T) {
	clients, length := 200, 10*time.Second
	if testing.Short() {
		length = 2 * time.Second
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, sitetest.Generated(t, 200)); err != nil {
		t.Fatal(err)
	}
	sv := indexedServer(t, dir, "")
	// Overload is answered 503 after a brief wait (TestServeBoundsInFlight); this test is
	// about hostile requests, so its requests wait as long as its client does, however
	// loaded the machine that runs it.
	sv.slotWait = 15 * time.Second
	base := serveOn(t, sv)
	type probe struct {
		path, host string
		code       int
	}
	long := url.QueryEscape(strings.Repeat("bao ", 50_000))
	probes := []probe{
		{"/", "", 200},
		{"/kiswahili/games-1/1.html", "", 200},
		{"/static/site.css", "", 200},
		{"/lists/index.html", "", 200},
		{"/search?q=generated", "", 200},
		{"/search?player=player+7&offset=50", "", 200},
		{"/explore?variant=kete", "", 200},
		{"/missing.html", "", 404},
		{"/search?q=" + long, "", 400},
		{"/search?q=bao&offset=9223372036854775807", "", 400},
		{"/search?variant=chess", "", 400},
		{"/", "rebind.example", 403},
		{"/search?q=bao", "evil.example:80", 403},
	}
	client := &http.Client{Timeout: 15 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		failed    []string
		latencies []time.Duration
	)
	deadline := time.Now().Add(length)
	for c := range clients {
		wg.Go(func() {
			var mine []time.Duration
			for i := c; time.Now().Before(deadline); i++ {
				p := probes[i%len(probes)]
				req, _ := http.NewRequest(http.MethodGet, base+p.path, nil)
				if p.host != "" {
					req.Host = p.host
				}
				start := time.Now()
				resp, err := client.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				mine = append(mine, time.Since(start))
				if err == nil && resp.StatusCode != p.code {
					err = fmt.Errorf("%d, want %d", resp.StatusCode, p.code)
				}
				if err != nil {
					mu.Lock()
					failed = append(failed, fmt.Sprintf("GET %.60s (Host %q): %v", p.path, p.host, err))
					mu.Unlock()
				}
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.Logf("%d clients, %v: %d requests (%.0f/s), %d errors; latency p50 %v, p99 %v, max %v",
		clients, length, len(latencies), float64(len(latencies))/length.Seconds(), len(failed),
		pct(0.5).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), latencies[len(latencies)-1].Round(time.Microsecond))
	if len(failed) > 0 {
		t.Errorf("%d of %d requests failed, first: %s", len(failed), len(latencies), failed[0])
	}
}
