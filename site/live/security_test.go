package live

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/testgame"
)

// secretOf is the secret of a link.
func secretOf(link string) string { return strings.TrimPrefix(link, event.LinkPrefix) }

func TestSecurity(t *testing.T) {
	dir, links := newEvent(t, "kingulu", 4)
	ts, sv, logs := serve(t, dir)
	one, two := links.Boards[0].Link, links.Boards[1].Link
	line := testgame.Line(engine.Kingulu, 2, 0, 0)
	arbiter, err := event.ArbiterLink(dir)
	if err != nil {
		t.Fatal(err)
	}

	// A board link writes its board only: another board's address under it is no action.
	if r := post(t, ts.URL+one+"/1.2/moves", move(1, line[0])); r.Status != 404 {
		t.Errorf("board 1's link naming board 2: %+v", r)
	}
	if r := post(t, ts.URL+one+"/moves", move(1, line[0])); r.Status != 200 {
		t.Fatalf("board 1: %+v", r)
	}
	recs := mustRead(t, filepath.Join(dir, "round-01.bgn"))
	if len(recs[0].Moves) != 1 || len(recs[1].Moves) != 0 {
		t.Fatalf("board 1's move landed elsewhere: %d, %d moves", len(recs[0].Moves), len(recs[1].Moves))
	}
	// The arbiter writes any board, under its link.
	if r := post(t, ts.URL+arbiter+"/1.2/moves", move(1, line[0])); r.Status != 200 {
		t.Errorf("the arbiter on board 2: %+v", r)
	}
	if r := post(t, ts.URL+arbiter+"/1.9/moves", move(1, line[0])); r.Status != 404 {
		t.Errorf("the arbiter on a board not paired: %+v", r)
	}

	// A round's links cannot write another round: finish round 1, pair round 2.
	for _, b := range links.Boards {
		if r := post(t, ts.URL+arbiter+"/1."+itoa(b.Board)+"/result", `{"result":"1/2-1/2","termination":"agreement"}`); r.Status != 200 {
			t.Fatalf("result of board %d: %+v", b.Board, r)
		}
	}
	if _, _, err := event.Pair(dir); err != nil {
		t.Fatal(err)
	}
	if r := post(t, ts.URL+one+"/moves", move(2, line[1])); r.Status != 409 {
		t.Errorf("round 1's link after its game ended: %+v", r)
	}
	round2, err := event.Links(dir, 2)
	if err != nil {
		t.Fatal(err)
	}
	if r := post(t, ts.URL+round2.Boards[0].Link+"/moves", move(1, line[0])); r.Status != 200 {
		t.Errorf("round 2's link (read while serving): %+v", r)
	}
	recs = mustRead(t, filepath.Join(dir, "round-02.bgn"))
	if len(recs[0].Moves) != 1 || len(recs[1].Moves) != 0 {
		t.Errorf("round 2: %d, %d moves, want 1, 0", len(recs[0].Moves), len(recs[1].Moves))
	}

	// Without the secret, or from another site's page: refused.
	for _, path := range []string{"/record/", "/record//moves", "/record/" + strings.Repeat("a", 26) + "/moves"} {
		if r := post(t, ts.URL+path, move(3, line[0])); r.Status != 403 && r.Status != 404 {
			t.Errorf("%s: %+v", path, r)
		}
	}
	for _, h := range [][]string{{"Origin", "https://evil.example"}, {"Origin", "null"}, {"Sec-Fetch-Site", "cross-site"}} {
		if r := post(t, ts.URL+round2.Boards[1].Link+"/moves", move(1, line[0]), h...); r.Status != 403 {
			t.Errorf("with %s: %s: %+v", h[0], h[1], r)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL+round2.Boards[1].Link+"/moves", strings.NewReader(move(1, line[0])))
	req.Header.Set("Content-Type", "text/plain") // what a cross-site form may send
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("a text/plain body: %v %v", resp.Status, err)
	}
	if n := len(mustRead(t, filepath.Join(dir, "round-02.bgn"))[1].Moves); n != 0 {
		t.Errorf("a refused request wrote %d moves", n)
	}

	// A wrong secret, 100 times: slowed down (429) long before the hundredth.
	limited := 0
	for i := range 100 {
		r := post(t, ts.URL+"/record/"+strings.Repeat("b", 25)+itoa(i%10)+"/moves", move(1, line[0]))
		if r.Status == 429 {
			limited++
		} else if r.Status != 404 {
			t.Fatalf("wrong secret: %+v", r)
		}
	}
	if limited < 80 {
		t.Errorf("only %d of 100 wrong secrets were slowed down", limited)
	}
	// A link that writes too fast is slowed down too.
	limited = 0
	for range 200 {
		if r := post(t, ts.URL+round2.Boards[0].Link+"/moves", move(1, line[0])); r.Status == 429 {
			limited++
		}
	}
	if limited == 0 {
		t.Error("200 writes at once were not slowed down")
	}

	// The secrets appear in no public page, stream or log line.
	secrets := []string{secretOf(one), secretOf(two), secretOf(arbiter)}
	for _, b := range round2.Boards {
		secrets = append(secrets, secretOf(b.Link))
	}
	var pages strings.Builder
	for _, p := range []string{"/live/round-1.html", "/live/round-2.html", "/live/1.1.html", "/live/2.1.html", "/live/live.js"} {
		resp, err := http.Get(ts.URL + p)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %v %v", p, err, resp.Status)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		pages.Write(data)
	}
	pages.WriteString(streamed(t, ts.URL+"/live/stream?round=1"))
	pages.WriteString(streamed(t, ts.URL+"/live/stream?round=2&board=1&results=1"))
	sv.ServeHTTP(&panicWriter{}, mustRequest(t, one+"/state")) // a panic is logged with its path
	for _, s := range secrets {
		if strings.Contains(pages.String(), s) {
			t.Errorf("a public page holds the secret %s", s)
		}
		if strings.Contains(logs.String(), s) {
			t.Errorf("the log holds the secret %s:\n%s", s, logs)
		}
	}
	if !strings.Contains(logs.String(), "internal error") {
		t.Errorf("the panic was not logged: %s", logs)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// streamed reads what a stream sends at once (its first burst of events).
func streamed(t *testing.T, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		b.WriteString(sc.Text() + "\n")
	}
	if !strings.Contains(b.String(), "event: board") {
		t.Errorf("%s sent no board: %q", url, b.String())
	}
	return b.String()
}

func mustRequest(t *testing.T, path string) *http.Request {
	req, err := http.NewRequest(http.MethodGet, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// panicWriter panics when the handler first writes: the recovery's log line must not name
// the link.
type panicWriter struct{ once bool }

func (p *panicWriter) Header() http.Header { return http.Header{} }
func (p *panicWriter) Write(b []byte) (int, error) {
	p.WriteHeader(200)
	return len(b), nil
}

func (p *panicWriter) WriteHeader(int) {
	if !p.once {
		p.once = true
		panic("write failed")
	}
}
