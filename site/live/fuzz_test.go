package live

import (
	"path/filepath"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
)

// FuzzRecord sends whatever a client may send to a board's recording link (moves, undo,
// results) and holds the server to what it promises: it never answers 5xx, and the round's
// file on disk is always a record bao reads and replays, whatever was accepted before.
func FuzzRecord(f *testing.F) {
	dir, links := newEvent(f, "kingulu", 2)
	ts, sv, _ := serve(f, dir)
	sv.limits.linkRate, sv.limits.linkBurst = 1e9, 1e9 // faster than a phone: not what this is about
	line := testgame.Line(engine.Kingulu, 4, 0, 0)
	for i, tok := range line {
		f.Add(byte(0), move(i+1, tok))
	}
	for _, s := range []string{`{"ply":1,"move":"A3","clock":"1:00:00"}`, `{"ply":1,"move":"A3","clock":"-1"}`, `{"ply":0,"move":"A3"}`,
		`{"ply":1,"move":"zz"}`, `{"ply":99999999999,"move":"A3"}`, `{}`, `[]`, `{"ply":1,"move":"A3","x":1}`, "\x00"} {
		f.Add(byte(0), s)
	}
	f.Add(byte(1), `{"ply":1}`)
	f.Add(byte(2), `{"result":"1-0","termination":"resignation"}`)
	f.Add(byte(2), `{"result":"*"}`)
	f.Add(byte(2), `{"result":"1/2-1/2","termination":"agreement"}`)
	ops := []string{"/moves", "/undo", "/result"}
	url := ts.URL + links.Boards[0].Link
	file := filepath.Join(dir, "round-01.bgn")
	f.Fuzz(func(t *testing.T, op byte, body string) {
		r := post(t, url+ops[int(op)%len(ops)], body)
		if r.Status >= 500 {
			t.Fatalf("%s %q: %d %s", ops[int(op)%len(ops)], body, r.Status, r.Error)
		}
		for _, rec := range mustRead(t, file) {
			if _, err := rec.Replay(); err != nil {
				t.Fatalf("after %s %q (%d): the record on disk does not replay: %v", ops[int(op)%len(ops)], body, r.Status, err)
			}
		}
	})
}
