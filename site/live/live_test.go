package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// newEvent makes an event of n players (a round robin of variant) in a temporary folder and
// pairs its first round; it returns the folder and the round's links.
func newEvent(t testing.TB, variant string, n int) (string, *event.RoundLinks) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "open")
	c := event.Config{Name: "Live Open", Variant: variant, Format: "round-robin"}
	for i := range n {
		c.Players = append(c.Players, event.Player{Name: fmt.Sprintf("Player %02d", i+1)})
	}
	if err := event.New(dir, c); err != nil {
		t.Fatal(err)
	}
	if _, _, err := event.Pair(dir); err != nil {
		t.Fatal(err)
	}
	links, err := event.Links(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	return dir, links
}

// serve starts a live server of the event in dir; logs collects what it logs.
func serve(t testing.TB, dir string) (*httptest.Server, *Server, *bytes.Buffer) {
	t.Helper()
	sv, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	logs := &bytes.Buffer{}
	sv.Logf = func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(logs, f+"\n", a...)
	}
	ts := httptest.NewServer(sv)
	t.Cleanup(ts.Close)
	return ts, sv, logs
}

// reply is an answer of the recording API.
type reply struct {
	Status   int
	Ply      int      `json:"ply"`
	Plies    int      `json:"plies"`
	Position string   `json:"position"`
	Error    string   `json:"error"`
	Legal    []string `json:"legal"`
}

func post(t testing.TB, url, body string, header ...string) reply {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := reply{Status: resp.StatusCode}
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("POST %s: %d %q: %v", url, resp.StatusCode, data, err)
	}
	return r
}

func move(ply int, tok string) string { return fmt.Sprintf(`{"ply":%d,"move":%q}`, ply, tok) }

// The recording contract: 200 with the position once on disk, the same again 200 and
// nothing changed, 409 with the plies for another move at a ply or a ply past the next, 422
// with the legal moves for an illegal one.
func TestRecordContract(t *testing.T) {
	dir, links := newEvent(t, "kiswahili", 4)
	ts, _, _ := serve(t, dir)
	line := testgame.Line(engine.Kiswahili, 6, 1, 3)
	url := ts.URL + links.Boards[0].Link + "/moves"
	pos := engine.Kiswahili.Start()
	for i, tok := range line {
		next, err := pos.ParseChild(tok, nil)
		if err != nil {
			t.Fatal(err)
		}
		pos = next.Position
		for range 2 { // the same body twice: the second changes nothing
			r := post(t, url, move(i+1, tok))
			if r.Status != 200 || r.Ply != i+1 || r.Position != pos.String() {
				t.Fatalf("ply %d %s: %+v, want 200 and %s", i+1, tok, r, pos)
			}
		}
	}
	n := len(line)
	if r := post(t, url, move(n, "A1<")); r.Status != 409 || r.Plies != n || r.Error == "" {
		t.Errorf("another move at a ply held: %+v", r)
	}
	if r := post(t, url, move(n+2, line[0])); r.Status != 409 || r.Plies != n {
		t.Errorf("a ply past the next: %+v", r)
	}
	r := post(t, url, move(n+1, "B8>"))
	legal := []string{}
	for _, c := range pos.Children(nil) {
		legal = append(legal, engine.Kiswahili.FormatMove(c.Move))
	}
	slices.Sort(legal)
	if r.Status != 422 || !slices.Equal(r.Legal, legal) {
		t.Errorf("an illegal move: %+v, want 422 with %v", r, legal)
	}
	for _, bad := range []string{`{"ply":0,"move":"A6<"}`, `{"move":"A6<"}`, `not json`, `{"ply":1,"move":"A6<","x":1}`} {
		if r := post(t, url, bad); r.Status != 400 {
			t.Errorf("%s: %d, want 400", bad, r.Status)
		}
	}
	recs, err := notation.ReadFile(filepath.Join(dir, "round-01.bgn"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range recs[0].Moves {
		got = append(got, m.Token)
	}
	if !slices.Equal(got, line) {
		t.Errorf("on disk %v, want %v", got, line)
	}
	if len(recs[1].Moves) != 0 {
		t.Errorf("board 2 was written: %v", recs[1].Moves)
	}
}

// The records the server writes are what `bao record --event` writes for the same moves,
// clock readings, undo and result included.
func TestRecordAsRecorder(t *testing.T) {
	viaHTTP, links := newEvent(t, "kingulu", 2)
	viaCLI, _ := newEvent(t, "kingulu", 2)
	ts, _, _ := serve(t, viaHTTP)
	line := testgame.Line(engine.Kingulu, 9, 2, 5)
	base := ts.URL + links.Boards[0].Link
	s, err := event.Record(viaCLI, 1, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i, tok := range line {
		clk := fmt.Sprintf("0:%02d:00", 30-i)
		if r := post(t, base+"/moves", fmt.Sprintf(`{"ply":%d,"move":%q,"clock":%q}`, i+1, tok, clk)); r.Status != 200 {
			t.Fatalf("%s: %+v", tok, r)
		}
		for _, cmd := range []string{tok, "clock " + clk} {
			if _, err := s.Exec(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if r := post(t, base+"/undo", fmt.Sprintf(`{"ply":%d}`, len(line))); r.Status != 200 || r.Plies != len(line)-1 {
		t.Fatalf("undo: %+v", r)
	}
	if r := post(t, base+"/undo", fmt.Sprintf(`{"ply":%d}`, len(line))); r.Status != 200 || r.Plies != len(line)-1 {
		t.Fatalf("undo again: %+v", r)
	}
	if r := post(t, base+"/result", `{"result":"0-1","termination":"resignation"}`); r.Status != 200 {
		t.Fatalf("result: %+v", r)
	}
	for _, cmd := range []string{"undo", "resign south"} {
		if _, err := s.Exec(cmd); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := os.ReadFile(filepath.Join(viaHTTP, "round-01.bgn"))
	b, _ := os.ReadFile(filepath.Join(viaCLI, "round-01.bgn"))
	if !bytes.Equal(a, b) {
		t.Errorf("the server wrote\n%s\nbao record writes\n%s", a, b)
	}
	validate(t, filepath.Join(viaHTTP, "round-01.bgn"))
}

// validate checks a record file as bao validate does.
func validate(t testing.TB, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := notation.Validate(path, f, func(e *notation.Error) { t.Errorf("bao validate: %v", e) }); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t testing.TB, path string) []*notation.Record {
	t.Helper()
	recs, err := notation.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// Every move sent twice and out of order: nothing is doubled, the conflicts are reported, and
// the record ends as the game was played.
func TestResendOutOfOrder(t *testing.T) {
	dir, links := newEvent(t, "kimasai", 2)
	ts, sv, _ := serve(t, dir)
	sv.limits.linkBurst = 1000 // faster than a phone: not what this test is about
	line := testgame.Line(engine.Kimasai, 24, 0, 7)
	url := ts.URL + links.Boards[0].Link + "/moves"
	rng := rand.New(rand.NewPCG(1, 2))
	acked, conflicts := 0, 0
	for acked < len(line) {
		// a window of the next sends, each twice, shuffled: some come before their turn
		var batch []int
		for i := acked; i < min(acked+4, len(line)); i++ {
			batch = append(batch, i, i)
		}
		rng.Shuffle(len(batch), func(i, j int) { batch[i], batch[j] = batch[j], batch[i] })
		for _, i := range batch {
			switch r := post(t, url, move(i+1, line[i])); r.Status {
			case 200:
				acked = max(acked, i+1)
			case 409:
				conflicts++
				if r.Plies != acked || r.Error == "" {
					t.Fatalf("conflict at ply %d: %+v, the record holds %d", i+1, r, acked)
				}
			default:
				t.Fatalf("ply %d: %+v", i+1, r)
			}
		}
	}
	if conflicts == 0 {
		t.Error("no send came before its turn: the test tests nothing")
	}
	var got []string
	for _, m := range mustRead(t, filepath.Join(dir, "round-01.bgn"))[0].Moves {
		got = append(got, m.Token)
	}
	if !slices.Equal(got, line) {
		t.Errorf("on disk %v\nwant %v", got, line)
	}
}

// A connection cut after the server received a move and before its answer arrived: the phone
// sends the move again, and it is saved once.
func TestCutConnection(t *testing.T) {
	dir, links := newEvent(t, "kiswahili", 2)
	sv, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	var cut sync.Once
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		done := false
		cut.Do(func() {
			sv.ServeHTTP(httptest.NewRecorder(), r) // the move is written; its answer is lost
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
			done = true
		})
		if !done {
			sv.ServeHTTP(w, r)
		}
	}))
	defer ts.Close()
	url := ts.URL + links.Boards[0].Link + "/moves"
	resp, err := http.Post(url, "application/json", strings.NewReader(move(1, "A6<")))
	if err == nil {
		resp.Body.Close()
		t.Fatal("the connection was not cut")
	}
	if r := post(t, url, move(1, "A6<")); r.Status != 200 {
		t.Fatalf("sent again: %+v", r)
	}
	if r := post(t, url, move(2, "a6>")); r.Status != 200 {
		t.Fatalf("the next move: %+v", r)
	}
	if n := len(mustRead(t, filepath.Join(dir, "round-01.bgn"))[0].Moves); n != 2 {
		t.Errorf("the record holds %d moves, want 2", n)
	}
}
