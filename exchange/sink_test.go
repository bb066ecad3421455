package exchange

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// More files than a sink keeps open at once, written in turn: each gets its games, in order,
// and none is in place before Commit.
func TestSinkManyFiles(t *testing.T) {
	dir := t.TempDir()
	const files = maxLive*2 + 3
	var games []*notation.Record
	for k := 0; len(games) < 2*files; k++ {
		recs := mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 40, k%7, k/7+1), "")), Options{})
		games = append(games, recs...)
	}
	s, err := NewSink(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]*notation.Record{}
	for i, r := range games {
		path := filepath.Join(dir, fmt.Sprintf("e%d.bgn", i%files))
		if _, dup, err := s.Store(path, r, false); err != nil {
			t.Fatal(err)
		} else if !dup {
			want[path] = append(want[path], r)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "e0.bgn")); err == nil {
		t.Error("a file is in place before Commit")
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if len(want) < files {
		t.Fatalf("only %d files got games: the test games repeat", len(want))
	}
	for path, recs := range want {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if w := bgnOf(t, recs); string(got) != w {
			t.Errorf("%s:\n%s\nwant\n%s", path, got, w)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// An --out file is the sink's whatever its name: its games count as stored (they were all
// stored again when the name did not end in .bgn), and a killed run's leftovers beside it go.
func TestSinkFileAnyName(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "notes.txt")
	recs := mustImport(t, "abstractplay", "g.json", []byte(apOf(testgame.Line(engine.Kiswahili, 30, 1, 1), "")), Options{})
	os.WriteFile(path, []byte(bgnOf(t, recs)), 0o644)
	leftover := filepath.Join(dir, ".notes.txt.99999999-1.tmp") // a pid no process has
	os.WriteFile(leftover, []byte("cut"), 0o644)
	s, err := NewSink(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, dup, err := s.Store(path, recs[0], false); err != nil || !dup {
		t.Errorf("the game in notes.txt: duplicate %v, %v", dup, err)
	}
	s.Abort()
	if _, err := os.Stat(leftover); err == nil {
		t.Error("a dead run's temporary file stays")
	}
}

// Events whose names have no ASCII letter or digit each get a file of their own (all went to
// x.bgn).
func TestFileForNonASCIIEvents(t *testing.T) {
	file := func(ev string) string {
		r := &notation.Record{}
		r.SetTag("Event", ev)
		return FileFor("out", "in.json", r)
	}
	a, b := file("مashindano"), file("بطولة زنجبار")
	c, d := file("ጨዋታ"), file("ጨዋታ")
	if a == b || b == c || c != d || filepath.Base(file("Zanzibar Open")) != "zanzibar-open.bgn" {
		t.Errorf("files: %s %s %s %s", a, b, c, d)
	}
}
