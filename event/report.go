package event

import (
	"math"
	"slices"
	"strings"
)

// RatingLine is one player's line of an event's rating report: the rating before the event,
// the games rated (played over the board: not forfeits, not byes), the performance and the
// change.
type RatingLine struct {
	Player string  `json:"player"`
	Before float64 `json:"before"` // event.toml's rating, or the initial one
	Games  int     `json:"games"`
	Score  float64 `json:"score"` // in the rated games: 1 a win, ½ a draw
	// Opponents is the average rating of the opponents of the rated games.
	Opponents float64 `json:"opponents"`
	// Performance is Opponents + 400 × (wins − losses) / games, the linear performance rating.
	Performance float64 `json:"performance"`
	// Change is K × (score − expected score), the expected score of each game taken from the
	// ratings before the event; After is Before + Change.
	Change float64 `json:"change"`
	After  float64 `json:"after"`
	K      float64 `json:"k"`
}

// RatingReport rates the event's games after round after (0: every round) by Elo, with the
// event's K and initial rating, every player from the rating before the event (as rating
// officers rate a tournament): one line per player, in seeding order, each figure rounded to
// a tenth.
func RatingReport(c *Config, games []Game, after int) []RatingLine {
	lines := make([]RatingLine, len(c.Players))
	at := map[string]int{}
	before := c.ratingsBefore()
	for i, p := range c.Players {
		at[Key(p.Name)] = i
		lines[i] = RatingLine{Player: p.Name, Before: before(Key(p.Name)), K: c.Rating.K}
	}
	margin := make([]int, len(lines)) // wins minus losses
	for _, g := range games {
		if (after > 0 && g.Round > after) || !g.Decided() || g.Bye() || g.Forfeit() {
			continue
		}
		s, okS := at[Key(g.South)]
		n, okN := at[Key(g.North)]
		if !okS || !okN {
			continue
		}
		score := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[g.Result]
		for _, side := range []struct {
			me, opp int
			score   float64
		}{{s, n, score}, {n, s, 1 - score}} {
			l, o := &lines[side.me], lines[side.opp]
			l.Games++
			l.Score += side.score
			l.Opponents += o.Before // a sum until the end
			l.Change += c.Rating.K * (side.score - Expected(l.Before, o.Before))
			switch side.score {
			case 1:
				margin[side.me]++
			case 0:
				margin[side.me]--
			}
		}
	}
	for i := range lines {
		l := &lines[i]
		if l.Games > 0 {
			l.Opponents /= float64(l.Games)
			l.Performance = l.Opponents + 400*float64(margin[i])/float64(l.Games)
		}
		l.After = l.Before + l.Change
		for _, f := range []*float64{&l.Opponents, &l.Performance, &l.Change, &l.After} {
			*f = math.Round(*f*10) / 10
		}
	}
	return slices.Clip(lines)
}

// Expected is the Elo expected score of a player rated a against one rated b.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// Report is the whole of an event for other programs (`bao event report --format json`):
// its settings, every game by round, the byes declared, the standings and the rating report.
type Report struct {
	Config    *Config       `json:"settings"`
	Rounds    []ReportRound `json:"rounds"`
	Standings *Table        `json:"standings"`
	Ratings   []RatingLine  `json:"ratings"`
}

// ReportRound is one round's games and declared byes.
type ReportRound struct {
	Round int          `json:"round"`
	Games []ReportGame `json:"games"`
	Byes  []Bye        `json:"byes,omitempty"`
}

// ReportGame is one game of a round, as its record says.
type ReportGame struct {
	Board       int    `json:"board"`
	Game        int    `json:"game,omitempty"` // in a pairing of several games
	South       string `json:"south"`
	North       string `json:"north,omitempty"` // "" for a bye
	Result      string `json:"result"`
	Termination string `json:"termination,omitempty"`
	Moves       int    `json:"moves"`
	// Played: over the board (recorded or not); false for a forfeit, a bye, no result yet.
	Played bool   `json:"played"`
	File   string `json:"file"`
}

// NewReport gathers the report of the event after round after (0: every round).
func NewReport(c *Config, games []Game, after int) *Report {
	rep := &Report{Config: c, Standings: Standings(c, games, after), Ratings: RatingReport(c, games, after)}
	last := 0
	for _, g := range games {
		if after == 0 || g.Round <= after {
			last = max(last, g.Round)
		}
	}
	for r := 1; r <= last; r++ {
		rr := ReportRound{Round: r, Games: []ReportGame{}, Byes: c.RoundByes(r)}
		for _, g := range games {
			if g.Round != r || strings.EqualFold(g.Termination, "replayed") {
				continue
			}
			rg := ReportGame{Board: g.Board, Game: g.Sub, South: g.South, North: g.North, Result: g.Result,
				Termination: g.Termination, Moves: g.Moves, File: g.File, Played: g.Decided() && !g.Bye() && !g.Forfeit()}
			if g.Bye() {
				rg.North = ""
			}
			rr.Games = append(rr.Games, rg)
		}
		rep.Rounds = append(rep.Rounds, rr)
	}
	return rep
}
