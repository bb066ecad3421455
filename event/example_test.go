package event_test

import (
	"fmt"
	"os"
	"time"

	"github.com/bao-archive/bao/event"
)

func ExampleBerger() {
	for r, round := range event.Berger(4, 1) {
		fmt.Println("round", r+1, round)
	}
	// Output:
	// round 1 [[1 4] [2 3]]
	// round 2 [[4 3] [1 2]]
	// round 3 [[2 4] [3 1]]
}

func ExampleStandings() {
	cfg := &event.Config{Name: "Club night", Format: "round-robin", Scoring: event.Scoring{Win: 1, Draw: 0.5, Bye: 1},
		TieBreak: []string{"buchholz"}}
	games := []event.Game{
		{Round: 1, Board: 1, South: "Ali", North: "Bakari", Result: "1-0", Moves: 41},
		{Round: 2, Board: 1, South: "Bakari", North: "Chande", Result: "1/2-1/2", Moves: 60},
		{Round: 3, Board: 1, South: "Chande", North: "Ali", Result: "*"},
	}
	for _, s := range event.Standings(cfg, games, 0).Standings {
		fmt.Println(s.Rank, s.Player, s.Points, s.Games, s.TieBreaks["buchholz"])
	}
	// Output:
	// 1 Ali 1 1 0.5
	// 2 Bakari 0.5 2 1.5
	// 3 Chande 0.5 1 0.5
}

func ExampleSetResult() {
	dir, _ := os.MkdirTemp("", "event")
	defer os.RemoveAll(dir)
	event.New(dir, event.Config{Name: "Club night", Variant: "kiswahili", Format: "round-robin",
		Players: []event.Player{{Name: "Ali"}, {Name: "Bakari"}}})
	event.Pair(dir)
	when := time.Date(2026, 5, 2, 16, 10, 0, 0, time.UTC)
	done, _ := event.SetResult(dir, event.Entry{Round: 1, Board: 1, Result: "1-0", Now: when})
	fmt.Println(done.South, done.North, done.Result, done.Termination)
	done, _ = event.SetResult(dir, event.Entry{Round: 1, Board: 1, Result: "1/2-1/2", Now: when})
	fmt.Println(done.Note)
	// Output:
	// Ali Bakari 1-0 unrecorded
	// Result corrected 2026.05.02 16:10 UTC: was 1-0 (Termination "unrecorded")
}

func ExampleFormatPoints() {
	for _, p := range []float64{3, 2.5, 0.5, 9.25, 0.75, 0} {
		fmt.Print(event.FormatPoints(p), " ")
	}
	fmt.Println()
	// Output:
	// 3 2½ ½ 9¼ ¾ 0
}
