package site

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
)

// TestBrowserViewer opens a game page in headless Chromium, steps through the moves with the
// keyboard and checks that the board and the highlighted move follow. It drives the browser
// with the DevTools protocol over --remote-debugging-pipe (fd 3 in, fd 4 out, messages ended
// by NUL), with the standard library only.
func TestBrowserViewer(t *testing.T) {
	chromium := findChromium()
	if chromium == "" {
		t.Skip("browser test skipped: no Chromium found (Debian: apt-get install chromium)")
	}
	sv, _ := newTestServer(t)
	ts := httptest.NewServer(sv) // 127.0.0.1
	defer ts.Close()

	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	b := startBrowser(ctx, t, chromium)
	defer b.close()

	page := b.open(t, ts.URL+"/club/games/1.html")
	state := func() viewerState {
		t.Helper()
		var s viewerState
		page.eval(t, `JSON.stringify({
			current: (document.querySelector('a.mv.current') || {}).id || "",
			counts: Array.from(document.querySelectorAll('#board [data-pit]')).map(g => g.querySelector('text').textContent),
			caption: document.getElementById('board-caption').textContent,
			marked: document.querySelectorAll('#board .from, #board .sown').length
		})`, &s)
		return s
	}
	// The game (testdata/archive.txtar, club/games.bgn, game 1): A3 a4 A1, and a1 as a variation.
	want := func(moves ...string) []string {
		p := engine.Kingulu.Start()
		for _, m := range moves {
			mv, err := p.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Apply(mv); err != nil {
				t.Fatal(err)
			}
		}
		out := make([]string, engine.Kingulu.Pits())
		for i := range out {
			if n := p.Seeds(engine.Pit(i)); n > 0 {
				out[i] = strconv.Itoa(n)
			}
		}
		return out
	}
	steps := []struct {
		key     string
		current string
		caption string
		board   []string
	}{
		{"", "", "Start", want()},
		{"ArrowRight", "p1", "1. A3", want("A3")},
		{"ArrowRight", "p2", "1... a4!", want("A3", "a4")},
		{"ArrowLeft", "p1", "1. A3", want("A3")},
		{"End", "p3", "2. A1", want("A3", "a4", "A1")},
		{"ArrowRight", "p3", "2. A1", want("A3", "a4", "A1")}, // the last move stays
		{"Home", "", "Start", want()},
	}
	for i, st := range steps {
		if st.key != "" {
			page.press(t, st.key)
		}
		got := state()
		if got.Current != st.current || got.Caption != st.caption || strings.Join(got.Counts, ",") != strings.Join(st.board, ",") {
			t.Errorf("step %d (%s): got move %q, caption %q, board %v; want %q, %q, %v",
				i, st.key, got.Current, got.Caption, got.Counts, st.current, st.caption, st.board)
		}
		if st.current != "" && got.Marked == 0 {
			t.Errorf("step %d (%s): no pits marked for the last move", i, st.key)
		}
	}
	// A click on a move of the variation shows it.
	page.eval(t, `document.getElementById('p4').click(); "ok"`, nil)
	if got := state(); got.Current != "p4" || got.Caption != "1... a1?!" {
		t.Errorf("click on the variation's move: got %q %q", got.Current, got.Caption)
	}
	// Screenshots of the main line's last move, at a desktop's and a phone's width, in the
	// test's temporary folder or in $BAO_SCREENSHOTS if set (to look at them).
	page.press(t, "Home")
	page.press(t, "End")
	dir := os.Getenv("BAO_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	for _, v := range []struct {
		name          string
		width, height int
		mobile        bool
	}{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}} {
		page.call(t, "Emulation.setDeviceMetricsOverride", map[string]any{"width": v.width, "height": v.height,
			"deviceScaleFactor": 1, "mobile": v.mobile}, nil)
		page.eval(t, `window.scrollTo(0, 0); "ok"`, nil)
		shot := filepath.Join(dir, v.name+".png")
		page.screenshot(t, shot)
		t.Logf("screenshot: %s", shot)
	}
}

type viewerState struct {
	Current string   `json:"current"`
	Counts  []string `json:"counts"`
	Caption string   `json:"caption"`
	Marked  int      `json:"marked"`
}

func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is a headless Chromium driven over its DevTools pipe.
type browser struct {
	cmd     *exec.Cmd
	in      *os.File // our end of Chromium's fd 3
	mu      sync.Mutex
	nextID  int
	pending map[int]chan cdpReply
	done    chan struct{}
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

func startBrowser(ctx context.Context, t *testing.T, path string) *browser {
	t.Helper()
	cmdIn, ourIn, err := os.Pipe() // Chromium reads commands from fd 3
	if err != nil {
		t.Fatal(err)
	}
	ourOut, cmdOut, err := os.Pipe() // and writes replies to fd 4
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, path, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-quic", "--no-first-run",
		"--disable-component-update", "--disable-sync", "--user-data-dir="+t.TempDir(),
		"--remote-debugging-pipe", "--window-size=1280,900", "about:blank")
	cmd.ExtraFiles = []*os.File{cmdIn, cmdOut}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	cmdIn.Close()
	cmdOut.Close()
	b := &browser{cmd: cmd, in: ourIn, pending: map[int]chan cdpReply{}, done: make(chan struct{})}
	go b.read(ourOut)
	t.Cleanup(func() {
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("chromium stderr (last 2 KiB): %s", tail(stderr.String(), 2048))
		}
	})
	return b
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// read dispatches replies to the calls waiting for them; events are dropped.
func (b *browser) read(r *os.File) {
	defer close(b.done)
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		msg, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil || m.ID == 0 {
			continue
		}
		b.mu.Lock()
		ch := b.pending[m.ID]
		delete(b.pending, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends one command (to a page when session is set) and decodes its result into out.
func (b *browser) call(t *testing.T, session, method string, params, out any) {
	t.Helper()
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpReply, 1)
	b.pending[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.in.Write(append(data, 0)); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			t.Fatalf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			if err := json.Unmarshal(r.Result, out); err != nil {
				t.Fatalf("%s: %v", method, err)
			}
		}
	case <-b.done:
		t.Fatalf("%s: the browser closed its pipe", method)
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: no reply in 30s", method)
	}
}

func (b *browser) close() {
	b.in.Close() // Chromium exits when its command pipe closes
	exited := make(chan struct{})
	go func() { _ = b.cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		_ = b.cmd.Process.Kill()
		<-exited
	}
}

// page is a tab attached with a flat session.
type page struct {
	b       *browser
	session string
}

func (b *browser) open(t *testing.T, url string) *page {
	t.Helper()
	var target struct {
		TargetID string `json:"targetId"`
	}
	b.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var att struct {
		SessionID string `json:"sessionId"`
	}
	b.call(t, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att)
	p := &page{b: b, session: att.SessionID}
	p.call(t, "Page.navigate", map[string]any{"url": url}, nil)
	deadline := time.Now().Add(30 * time.Second)
	for {
		var ready bool
		p.eval(t, `document.readyState === "complete" && !document.getElementById("controls").hidden`, &ready)
		if ready {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the viewer did not start", url)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *page) call(t *testing.T, method string, params, out any) {
	t.Helper()
	p.b.call(t, p.session, method, params, out)
}

// eval runs a JavaScript expression and decodes its value (a JSON string is decoded again).
func (p *page) eval(t *testing.T, expr string, out any) {
	t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	p.call(t, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r)
	if r.Exception != nil {
		t.Fatalf("evaluating %s: %s", expr, r.Exception.Text)
	}
	if out == nil {
		return
	}
	v := r.Result.Value
	var s string
	if json.Unmarshal(v, &s) == nil && strings.HasPrefix(strings.TrimSpace(s), "{") {
		v = json.RawMessage(s)
	}
	if err := json.Unmarshal(v, out); err != nil {
		t.Fatalf("evaluating %s: %v (%s)", expr, err, v)
	}
}

// keyCodes are the Windows virtual key codes Chromium wants with a key event.
var keyCodes = map[string]int{"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}

// press sends a real key press through the browser's input pipeline.
func (p *page) press(t *testing.T, key string) {
	t.Helper()
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		p.call(t, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": key, "code": key,
			"windowsVirtualKeyCode": keyCodes[key], "nativeVirtualKeyCode": keyCodes[key]}, nil)
	}
}

func (p *page) screenshot(t *testing.T, path string) {
	t.Helper()
	var shot struct {
		Data string `json:"data"`
	}
	p.call(t, "Page.captureScreenshot", map[string]any{"format": "png"}, &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil || len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Fatalf("screenshot: not a PNG (%v)", err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
