package live

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
)

// BenchmarkLiveRound is the load of a big round: 64 boards each recording a move a second
// and 1,000 spectators following the round page's stream, for BAO_LIVE_SECONDS (default 60).
// The server runs in a process of its own (the test binary, see TestMain). It reports the
// delay from a move's acknowledgement to each spectator receiving it (p50, p99; a spectator
// that receives the board's next state first counts the move then), the requests that
// failed, and the server's peak resident memory.
func BenchmarkLiveRound(b *testing.B) {
	const boards, spectators = 64, 1000
	seconds := 60
	if s, err := strconv.Atoi(os.Getenv("BAO_LIVE_SECONDS")); err == nil && s > 0 {
		seconds = s
	}
	for range b.N {
		r := liveLoad(b, boards, spectators, time.Duration(seconds)*time.Second)
		b.ReportMetric(r.p50, "p50-ms")
		b.ReportMetric(r.p99, "p99-ms")
		b.ReportMetric(float64(r.errors), "errors")
		b.ReportMetric(float64(r.moves), "moves")
		b.ReportMetric(float64(r.peakKB)/1024, "peak-MB")
		b.Logf("%d boards, %d spectators, %d s: %d moves acknowledged, %d deliveries, p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d errors, server peak RSS %.1f MB",
			boards, spectators, seconds, r.moves, r.deliveries, r.p50, r.p99, r.max, r.errors, float64(r.peakKB)/1024)
	}
}

type loadResult struct {
	moves, deliveries, errors int
	p50, p99, max             float64
	peakKB                    int
}

func liveLoad(b *testing.B, boards, spectators int, d time.Duration) loadResult {
	dir, links := newEvent(b, "kimasai", 2*boards)
	cmd := exec.Command(os.Args[0], "-test.run=^$", "-test.bench=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		b.Fatal(err)
	}
	base := "http://" + strings.TrimSpace(line)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * boards}, Timeout: 10 * time.Second}

	plies := int(d/time.Second) + 2
	acked := make([][]atomic.Int64, boards) // when each move was acknowledged, unix ns
	for i := range acked {
		acked[i] = make([]atomic.Int64, plies+1)
	}
	var errs atomic.Int64
	ctx, cancel := context.WithCancel(b.Context())
	defer cancel()

	// The spectators: each counts the delay of every move it is shown, in milliseconds.
	hists := make([][]int, spectators)
	var ready, deliveries sync.WaitGroup
	var connected atomic.Int64
	for s := range spectators {
		ready.Add(1)
		deliveries.Add(1)
		go func() {
			defer deliveries.Done()
			hist := make([]int, 10001)
			defer func() { hists[s] = hist }()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/live/stream?round=1", nil)
			resp, err := http.DefaultTransport.RoundTrip(req)
			ready.Done()
			if err != nil || resp.StatusCode != 200 {
				errs.Add(1)
				return
			}
			connected.Add(1)
			defer resp.Body.Close()
			seen := make([]int, boards+1)
			rd := bufio.NewReaderSize(resp.Body, 64<<10)
			for {
				l, err := rd.ReadSlice('\n')
				if err != nil {
					if ctx.Err() == nil && err != io.EOF {
						errs.Add(1)
					}
					return
				}
				if !bytes.HasPrefix(l, []byte("data: ")) {
					continue
				}
				now := time.Now().UnixNano()
				bd, n := jsonInt(l, `"board":`), jsonInt(l, `"plies":`)
				if bd < 1 || bd > boards {
					continue
				}
				for p := seen[bd] + 1; p <= n && p <= plies; p++ {
					ms := 0
					if at := acked[bd-1][p].Load(); at > 0 && now > at {
						ms = min(int((now-at)/1e6), 10000)
					}
					hist[ms]++
				}
				seen[bd] = max(seen[bd], n)
			}
		}()
	}
	ready.Wait()

	// The recorders: a move a second on each board, at its own moment of the second.
	var moves atomic.Int64
	var rec sync.WaitGroup
	stop := time.Now().Add(d)
	for bd := range boards {
		rec.Add(1)
		go func() {
			defer rec.Done()
			line := testgame.Line(engine.Kimasai, plies, bd+1, 2*bd+1)
			time.Sleep(time.Duration(rand.IntN(1000)) * time.Millisecond)
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for i := 0; i < len(line) && time.Now().Before(stop); i++ {
				resp, err := client.Post(base+links.Boards[bd].Link+"/moves", "application/json", strings.NewReader(move(i+1, line[i])))
				if err != nil {
					errs.Add(1)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					errs.Add(1)
					return
				}
				acked[bd][i+1].Store(time.Now().UnixNano())
				moves.Add(1)
				<-tick.C
			}
		}()
	}
	rec.Wait()
	time.Sleep(time.Second) // the last moves reach everyone
	peak := peakRSS(cmd.Process.Pid)
	cancel()
	deliveries.Wait()

	var r loadResult
	total := make([]int, 10001)
	for _, h := range hists {
		for ms, n := range h {
			total[ms] += n
			r.deliveries += n
		}
	}
	r.moves, r.errors, r.peakKB = int(moves.Load()), int(errs.Load()), peak
	if want := int(connected.Load()) * r.moves; r.deliveries < want {
		r.errors += want - r.deliveries // a spectator never shown a move
	}
	r.p50, r.p99, r.max = quantile(total, 0.5), quantile(total, 0.99), quantile(total, 1)
	return r
}

// jsonInt reads the integer after key in a line of JSON.
func jsonInt(l []byte, key string) int {
	i := bytes.Index(l, []byte(key))
	if i < 0 {
		return -1
	}
	n, j := 0, i+len(key)
	for ; j < len(l) && '0' <= l[j] && l[j] <= '9'; j++ {
		n = 10*n + int(l[j]-'0')
	}
	return n
}

// quantile is the q-quantile of a histogram of milliseconds.
func quantile(h []int, q float64) float64 {
	total := 0
	for _, n := range h {
		total += n
	}
	want := int(q * float64(total))
	seen := 0
	for ms, n := range h {
		seen += n
		if seen >= want && n > 0 {
			return float64(ms)
		}
	}
	return float64(len(h) - 1)
}

// peakRSS is a process's peak resident memory in kB (Linux's VmHWM), 0 where unknown.
func peakRSS(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for l := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}
