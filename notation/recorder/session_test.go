package recorder

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// newSession starts a recorder for v in a temporary folder.
func newSession(t *testing.T, v *engine.Variant) *Session {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.bgn")
	s, err := Create(path, []notation.Tag{{Name: "South", Value: "Ali"}, {Name: "North", Value: "Bakari"}}, v.Start())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// onDisk reads the record back from the session's file and verifies it.
func onDisk(t *testing.T, s *Session) *notation.Record {
	t.Helper()
	f, err := os.Open(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := notation.Parse(s.Path(), f)
	if err != nil || len(recs) != 1 {
		t.Fatalf("file does not read back as one record: %v", err)
	}
	if errs := notation.Verify(recs[0]); len(errs) > 0 {
		t.Fatalf("file does not verify: %v", errs)
	}
	return recs[0]
}

func tokens(r *notation.Record) string {
	var ts []string
	for _, n := range r.Moves {
		ts = append(ts, n.Token)
	}
	return strings.Join(ts, " ")
}

// TestLegalGames records a seeded random game of each variant through Exec and checks that the
// file holds exactly the accepted moves after every one of them, and verifies.
func TestLegalGames(t *testing.T) {
	for _, v := range engine.Variants() {
		t.Run(v.ID(), func(t *testing.T) {
			s := newSession(t, v)
			g := engine.RandomGame(v.Start(), engine.NewRand(3, 1), 60)
			var want []string
			for _, m := range g.Moves() {
				tok := v.FormatMove(m)
				if _, err := s.Exec(tok); err != nil {
					t.Fatalf("%s rejected: %v", tok, err)
				}
				want = append(want, tok)
				if got := tokens(onDisk(t, s)); got != strings.Join(want, " ") {
					t.Fatalf("file holds %q, want %q", got, strings.Join(want, " "))
				}
			}
			if g.Status() != engine.Ongoing {
				if r := onDisk(t, s); r.Result != g.Status().Result() || !s.Over() {
					t.Errorf("game ended %s on the board, record says %s", g.Status(), r.Result)
				}
			}
		})
	}
}

// TestRejected: illegal, ambiguous and malformed entries are rejected with the reason and the
// candidates, and nothing is written for them.
func TestRejected(t *testing.T) {
	s := newSession(t, engine.Kiswahili)
	before, _ := os.ReadFile(s.Path())
	cases := []struct {
		line string
		kind error
		says string
	}{
		{"A5<", engine.ErrIllegalMove, "legal: A6<* A6>* A7<* A7>*"},
		{"A6", engine.ErrAmbiguousMove, "candidates: A6<* A6>*"},
		{"Z9", engine.ErrBadMove, "expected a pit of Bao la Kiswahili"},
		{"nag !", ErrNoMove, ""},
		{"clock 25", ErrBadArgument, "H:MM:SS"},
		{"result 2-0", ErrBadArgument, "want 1-0"},
		{"result 1-0 blunder", ErrBadArgument, "want one of resignation"},
		{"undo", ErrNothingToUndo, ""},
		{"tag Variant Chess", ErrBadArgument, "kept by the recorder"},
	}
	for _, c := range cases {
		_, err := s.Exec(c.line)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: got %v, want %v mentioning %q", c.line, err, c.kind, c.says)
		}
	}
	if after, _ := os.ReadFile(s.Path()); string(after) != string(before) {
		t.Errorf("rejected entries changed the file:\n%s", after)
	}
}

// TestUndoCommentsResults walks the commands: NAG, comment, clock, undo, resignation.
func TestUndoCommentsResults(t *testing.T) {
	s := newSession(t, engine.Kingulu)
	for _, line := range []string{"comment a club game", "A3", "nag !?", "comment a quiet move", "clock 0:59:30", "a1", "undo"} {
		if _, err := s.Exec(line); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	r := onDisk(t, s)
	if got := tokens(r); got != "A3" {
		t.Fatalf("moves %q, want A3 (a1 undone)", got)
	}
	text := notation.Format(r)
	for _, want := range []string{"{a club game}", "$5", "{a quiet move}", "[%clk 0:59:30]"} {
		if !strings.Contains(text, want) {
			t.Errorf("record lacks %q:\n%s", want, text)
		}
	}
	if _, err := s.Exec("resign"); err != nil {
		t.Fatal(err)
	}
	r = onDisk(t, s)
	if r.Result != "1-0" || r.Tag("Termination") != "resignation" {
		t.Errorf("North (to move) resigned: result %s, termination %q", r.Result, r.Tag("Termination"))
	}
	if _, err := s.Exec("a1"); !errors.Is(err, ErrFinished) {
		t.Errorf("a move after the result: %v", err)
	}
	if _, err := s.Exec("undo"); err != nil {
		t.Fatal(err)
	}
	if r = onDisk(t, s); r.Result != "*" || r.Tag("Termination") != "" {
		t.Errorf("after undoing the resignation: %s %q", r.Result, r.Tag("Termination"))
	}
}

// TestResume continues a game from its file, comments and all.
func TestResume(t *testing.T) {
	s := newSession(t, engine.Kimasai)
	for _, line := range []string{"A2", "comment forced", "a2", "A3"} {
		if _, err := s.Exec(line); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Resume(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if r.Position() != s.Position() {
		t.Fatalf("resumed at %s, want %s", r.Position(), s.Position())
	}
	if _, err := r.Exec(r.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if got := len(onDisk(t, r).Moves); got != 4 {
		t.Errorf("%d moves after resuming and playing one, want 4", got)
	}
	if !strings.Contains(notation.Format(onDisk(t, r)), "{forced}") {
		t.Error("the comment was lost on resume")
	}
	if _, err := Create(s.Path(), nil, engine.Kimasai.Start()); !errors.Is(err, ErrExists) {
		t.Errorf("Create over an existing record: %v", err)
	}
}

// TestEveryCommandRuns: each command in the table answers (or refuses) without a panic.
func TestEveryCommandRuns(t *testing.T) {
	s := newSession(t, engine.Kingulu)
	if h, err := s.Exec("HELP"); err != nil || !strings.Contains(h, "resign [south|north]") || !strings.Contains(h, "e.g. A3") {
		t.Errorf("help: %q, %v", h, err)
	}
	for name := range commands {
		for _, arg := range []string{"", "x", "south", "1-0", "0:10:00", "Event Club"} {
			s.Exec(name + " " + arg)
		}
	}
}

// TestResumeRemovesTempFiles: a save killed between writing its temporary file and renaming it
// left a hidden .tmp file that --resume never removed.
func TestResumeRemovesTempFiles(t *testing.T) {
	s := newSession(t, engine.Kimasai)
	if _, err := s.Exec("A2"); err != nil {
		t.Fatal(err)
	}
	dir, base := filepath.Dir(s.Path()), filepath.Base(s.Path())
	stale := filepath.Join(dir, "."+base+".123456.tmp")
	other := filepath.Join(dir, ".other.bgn.123456.tmp") // another file's: not ours to remove
	for _, p := range []string{stale, other} {
		if err := os.WriteFile(p, []byte("half a sa"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Resume(s.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary file still there: %v", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("another file's temporary file was removed: %v", err)
	}
}

// tag takes its value as typed: optional quotes round the whole of it go, quotes inside stay
// (the writer escapes them).
func TestTagValues(t *testing.T) {
	s := newSession(t, engine.Kingulu)
	for line, want := range map[string]string{
		`tag Event "Zanzibar Open"`:    "Zanzibar Open",
		`tag Site Stone Town`:          "Stone Town",
		`tag Annotator Mr "X"`:         `Mr "X"`,
		`tag Transcriber "A "B" C"`:    `A "B" C`,
		`tag Source \\server\bao "v2"`: `\\server\bao "v2"`,
	} {
		if _, err := s.Exec(line); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		name := strings.Fields(line)[1]
		if got := onDisk(t, s).Tag(name); got != want {
			t.Errorf("%q: %s is %q on disk, want %q", line, name, got, want)
		}
	}
}

// TestAppendRewritesInPlace: a game appended to a file goes after its games, which stay as
// they were, through every move and a resume; a file whose % escape lines the rewrite would
// lose is left byte for byte, and the append refused.
func TestAppendRewritesInPlace(t *testing.T) {
	dir := t.TempDir()
	first := "[Event \"x\"]\n[South \"Ali\"]\n[North \"Bakari\"]\n[Result \"*\"]\n[Variant \"Bao la Kiswahili\"]\n\n*\n"
	path := filepath.Join(dir, "day.bgn")
	if err := os.WriteFile(path, []byte(first), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Append(path, []notation.Tag{{Name: "South", Value: "Chande"}}, engine.Kiswahili.Start())
	if err != nil {
		t.Fatal(err)
	}
	g := engine.RandomGame(engine.Kiswahili.Start(), engine.NewRand(5, 1), 6)
	for _, m := range g.Moves()[:3] {
		if _, err := s.Exec(engine.Kiswahili.FormatMove(m)); err != nil {
			t.Fatal(err)
		}
	}
	s, err = Resume(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Exec(engine.Kiswahili.FormatMove(g.Moves()[3])); err != nil {
		t.Fatal(err)
	}
	recs, err := notation.ReadFile(path)
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	if recs[0].Tag("South") != "Ali" || len(recs[0].Moves) != 0 || len(recs[1].Moves) != 4 || recs[1].Tag("South") != "Chande" {
		t.Errorf("file holds %q (%d moves) and %q (%d moves)", recs[0].Tag("South"), len(recs[0].Moves), recs[1].Tag("South"), len(recs[1].Moves))
	}

	escaped := filepath.Join(dir, "escaped.bgn")
	data := []byte("% kept by the scribe\n" + first)
	if err := os.WriteFile(escaped, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Append(escaped, nil, engine.Kiswahili.Start()); !errors.Is(err, notation.ErrEscapeLines) {
		t.Errorf("append to a file with an escape line: %v, want ErrEscapeLines", err)
	}
	if got, _ := os.ReadFile(escaped); string(got) != string(data) {
		t.Errorf("the file was changed:\n%s", got)
	}
}
