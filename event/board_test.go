package event

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// Recorders on four boards of one round file, move by move at the same time, lose nothing.
func TestRecordBoardsConcurrently(t *testing.T) {
	dir := newEvent(t, "round-robin", 8, func(c *Config) { c.Variant = "kingulu" })
	path, r, err := Pair(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	var wg sync.WaitGroup
	errs := make(chan error, len(r.Boards))
	for _, b := range r.Boards {
		moves := testgame.Line(engine.Kingulu, 30, b.Board, 0)
		want[fmt.Sprintf("1.%d", b.Board)] = moves
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Record(dir, 1, b.Board, "")
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			for _, m := range moves {
				if _, err := s.Exec(m); err != nil {
					errs <- fmt.Errorf("board %d, %s: %w", b.Board, m, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	f, _ := os.Open(path)
	defer f.Close()
	recs, err := notation.Parse(path, f)
	if err != nil || len(recs) != len(r.Boards) {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for _, rec := range recs {
		var got []string
		for _, n := range rec.Moves {
			got = append(got, n.Token)
		}
		if w := want[rec.Tag("Round")]; strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("round %s: %v\nwant %v", rec.Tag("Round"), got, w)
		}
	}
	if _, err := Record(dir, 1, 9, ""); err == nil {
		t.Error("a board that was not paired opened")
	}
}

// Two writers of one board: the second is refused, named the first, and writes nothing; once
// the first closes, the board is free again and holds the first's moves.
func TestRecordBoardTwoWriters(t *testing.T) {
	dir := newEvent(t, "round-robin", 4, func(c *Config) { c.Variant = "kingulu" })
	if _, _, err := Pair(dir); err != nil {
		t.Fatal(err)
	}
	first, err := Record(dir, 1, 1, "the recording page of desk 1")
	if err != nil {
		t.Fatal(err)
	}
	moves := testgame.Line(engine.Kingulu, 4, 1, 0)
	if _, err := first.Exec(moves[0]); err != nil {
		t.Fatal(err)
	}
	second, err := Record(dir, 1, 1, "")
	if !errors.Is(err, ErrBoardBusy) || second != nil {
		t.Fatalf("second writer: %v", err)
	}
	if !strings.Contains(err.Error(), "the recording page of desk 1") || !strings.Contains(err.Error(), "board 1 of round 1") {
		t.Errorf("the refusal does not name the holder: %v", err)
	}
	if _, err := LockBoard(dir, 1, 1, "a clock"); !errors.Is(err, ErrBoardBusy) {
		t.Errorf("LockBoard beside the session: %v", err)
	}
	other, err := Record(dir, 1, 2, "") // another board stays free
	if err != nil {
		t.Fatal(err)
	}
	other.Close()
	if _, err := first.Exec(moves[1]); err != nil {
		t.Fatal(err)
	}
	first.Close()
	again, err := Record(dir, 1, 1, "")
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	defer again.Close()
	if got := len(again.Record().Moves); got != 2 {
		t.Errorf("the board holds %d moves, want 2", got)
	}
}
