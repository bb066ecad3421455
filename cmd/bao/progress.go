package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows how far a long command has come. On a terminal it draws a bar with what is
// being done now, the count, a rate and an ETA (schollz/progressbar, which redraws at most
// every 100 ms and clears itself when done); off a terminal it draws nothing, and the command
// ends with one summary line built by Summary. Add and Describe may be called from any
// goroutine.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	bar   *progressbar.ProgressBar // nil off a terminal
	unit  string
	start time.Time
	done  int64
	now   string
}

// newProgress starts the progress of total units (-1 when unknown) written to w; unit names
// them ("games", "pages"; "bytes" shows them as kB, MB).
func newProgress(w io.Writer, total int64, unit string) *progress {
	p := &progress{w: w, unit: unit, start: time.Now()}
	if !isTerminal(w) {
		return p
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetWidth(24),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
	}
	if unit == "bytes" {
		opts = append(opts, progressbar.OptionShowBytes(true))
	} else {
		opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(unit))
	}
	p.bar = progressbar.NewOptions64(total, opts...)
	return p
}

// Print writes s to the progress's stream; a bar drawn there is cleared first and drawn
// again below it.
func (p *progress) Print(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		progressbar.Bprintf(p.bar, "%s", s)
		return
	}
	fmt.Fprint(p.w, s)
}

// countingReader counts the bytes read through it into a progress.
type countingReader struct {
	r io.Reader
	p *progress
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.Add(n)
	return n, err
}

// Add counts n more units done.
func (p *progress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += int64(n)
	if p.bar != nil {
		p.bar.Add(n)
	}
}

// Set says how many units are done and of how many (total < 0 keeps the total).
func (p *progress) Set(done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = done
	if p.bar != nil {
		if total >= 0 && total != p.bar.GetMax64() {
			p.bar.ChangeMax64(total)
		}
		p.bar.Set64(done)
	}
}

// Describe says what is being done now, for example the file being read.
func (p *progress) Describe(now string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if now == p.now {
		return
	}
	p.now = now
	if p.bar != nil {
		p.bar.Describe(now)
	}
}

// Finish clears the bar; Summary still tells what was done.
func (p *progress) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Clear()
		p.bar = nil
	}
}

// Summary is the count, the time and the rate, e.g. "5000 games in 0.52 s, 9615 games/s".
func (p *progress) Summary() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := time.Since(p.start).Seconds()
	rate := 0.0
	if d > 0 {
		rate = float64(p.done) / d
	}
	return fmt.Sprintf("%d %s in %.2f s, %.0f %s/s", p.done, p.unit, d, rate, p.unit)
}
