package event

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/testgame"
	"github.com/bao-archive/bao/notation"
)

// SetResult enters a result on a board without moves as unrecorded, keeps the old result of a
// correction in a comment, takes a result the moves agree with, and refuses one they
// contradict unless forced; standings count what it wrote at once, and the records stay
// valid.
func TestSetResult(t *testing.T) {
	dir := newEvent(t, "round-robin", 4, func(c *Config) { c.Variant = "kingulu" })
	path, _, err := Pair(dir)
	if err != nil {
		t.Fatal(err)
	}
	// Board 2 is played to its end on the board.
	moves := testgame.Line(engine.Kingulu, 400, 1, 0)
	s, err := Record(dir, 1, 2, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if _, err := s.Exec(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := SetResult(dir, Entry{Round: 1, Board: 2, Result: "1-0"}); !errors.Is(err, ErrBoardBusy) {
		t.Errorf("a result for a board being recorded: %v, want %v", err, ErrBoardBusy)
	}
	s.Close()
	recs, err := notation.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	boardResult := recs[1].Result
	other := map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[boardResult]
	if other == "" {
		t.Fatalf("board 2 did not end on the board: %q after %d moves", boardResult, len(moves))
	}
	at := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	steps := []struct {
		e       Entry
		kind    error
		term    string // the Termination written
		was     string
		comment string
	}{
		{e: Entry{Round: 1, Board: 1, Result: "1-0"}, term: "unrecorded", was: "*"},
		{e: Entry{Round: 1, Board: 1, Result: "1/2-1/2"}, term: "unrecorded", was: "1-0",
			comment: `Result corrected 2026.05.01 09:30 UTC: was 1-0 (Termination "unrecorded")`},
		{e: Entry{Round: 1, Board: 1, Result: "0-1", Termination: "Forfeit"}, term: "forfeit", was: "1/2-1/2"},
		{e: Entry{Round: 1, Board: 2, Result: other}, kind: ErrContradicted},
		{e: Entry{Round: 1, Board: 2, Result: boardResult, Termination: "unrecorded"}, kind: ErrContradicted},
		{e: Entry{Round: 1, Board: 2, Result: boardResult}, term: "", was: boardResult},
		{e: Entry{Round: 1, Board: 2, Result: other, Force: true}, term: "adjudication", was: boardResult},
		{e: Entry{Round: 1, Board: 3, Result: "1-0"}, kind: ErrNoPairing},
		{e: Entry{Round: 1, Board: 1, Result: "2-0"}, kind: ErrBadResult},
		{e: Entry{Round: 1, Board: 1, Result: "1-0", Termination: "bye"}, kind: ErrBadResult},
	}
	for i, st := range steps {
		st.e.Now = at
		done, err := SetResult(dir, st.e)
		if st.kind != nil {
			if !errors.Is(err, st.kind) {
				t.Errorf("step %d: got %v, want %v", i+1, err, st.kind)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if done.Result != st.e.Result || done.Termination != st.term || done.Was != st.was {
			t.Errorf("step %d: entered %+v; want %s (%s), was %s", i+1, done, st.e.Result, st.term, st.was)
		}
		if st.comment != "" && done.Note != st.comment {
			t.Errorf("step %d: note %q, want %q", i+1, done.Note, st.comment)
		}
	}
	recs, err = notation.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b1 := recs[0]
	if len(b1.Comments) != 2 || !strings.Contains(b1.Comments[1].Text, "was 1/2-1/2") || b1.Tag("Date") != time.Now().Format("2006.01.02") {
		t.Errorf("board 1: comments %v, date %q; want two corrections kept, the day paired", b1.Comments, b1.Tag("Date"))
	}
	if errs := notation.Verify(b1); errs != nil {
		t.Errorf("board 1 does not validate: %v", errs)
	}
	last := recs[1].Moves[len(recs[1].Moves)-1]
	if len(recs[1].Moves) != len(moves) || len(last.After) != 1 {
		t.Errorf("board 2: %d moves, %d notes after the last; want %d and 1 (the forced correction)", len(recs[1].Moves), len(last.After), len(moves))
	}
	c, _ := Load(dir)
	games, problems, _ := Games(dir, c)
	tb := Standings(c, games, 0)
	played := 0
	for _, s := range tb.Standings {
		played += s.Games
	}
	if len(problems) > 0 || played != 4 || tb.Round != 1 {
		t.Errorf("standings count %d games in round %d (problems %v); want 4 in round 1", played, tb.Round, problems)
	}
}

// TestStandingsPastMaxCross: a Swiss of more than MaxCross players has no crosstable of
// players² cells but each player's rounds, and Cell still answers for every pair.
func TestStandingsPastMaxCross(t *testing.T) {
	c, games := swiss(MaxCross+50, 3)
	tab := Standings(c, games, 0)
	if tab.Cross != nil || len(tab.Rounds) != len(tab.Standings) {
		t.Fatalf("crosstable of %d rows, %d rows of rounds", len(tab.Cross), len(tab.Rounds))
	}
	at := map[string]int{}
	for i, s := range tab.Standings {
		at[s.Player] = i
	}
	for _, g := range games {
		s, n := at[g.South], at[g.North]
		want := map[string]string{"1-0": "1", "0-1": "0", "1/2-1/2": "½"}[g.Result]
		if got := tab.Rounds[s][g.Round-1]; got != fmt.Sprint(n+1, "S", want) {
			t.Fatalf("round %d of %s: %q, want %q", g.Round, g.South, got, fmt.Sprint(n+1, "S", want))
		}
		if !strings.Contains(tab.Cell(s, n), want) { // a pair may meet twice
			t.Fatalf("Cell(%d, %d) = %q, want %q", s, n, tab.Cell(s, n), want)
		}
	}
	c, games = swiss(MaxCross, 3)
	small := Standings(c, games, 0)
	if len(small.Cross) != MaxCross || small.Rounds != nil {
		t.Errorf("%d players: crosstable of %d rows, rounds %v", MaxCross, len(small.Cross), small.Rounds != nil)
	}
}
