package event

import (
	"bytes"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Round is a round's pairings, ready to be written as game stubs.
type Round struct {
	Number int
	Sub    int // for the next game of undecided matches: its number in the pairing; else 0
	Boards []Pairing
}

// Next decides the pairings of the event's next round from the games played so far. It
// refuses while a game of the last round has no result (ErrUnfinished) and when the event is
// over (ErrComplete).
func Next(c *Config, games []Game) (*Round, error) {
	last := 0
	for _, g := range games {
		last = max(last, g.Round)
	}
	var open []string
	for _, g := range games {
		if g.Round == last && !g.Decided() {
			open = append(open, fmt.Sprintf("%s:%d (%s - %s)", g.File, g.Line, g.South, g.North))
		}
	}
	if len(open) > 0 {
		return nil, fmt.Errorf("%w: round %d still has %d game(s) without a result: %s",
			ErrUnfinished, last, len(open), strings.Join(open, ", "))
	}
	active := c.active(last)
	switch c.Format {
	case "round-robin":
		rounds := Berger(len(c.Players), c.Cycles)
		if last >= len(rounds) {
			return nil, fmt.Errorf("%w: all %d rounds are played", ErrComplete, len(rounds))
		}
		// The tables hold only for the players they were started with: after a late entry or a
		// change of order they would pair players who have met in this cycle already.
		met := map[[2]string]map[int]bool{} // the rounds in which two players met
		for _, g := range games {
			if !g.Bye() {
				k := pairKey(g.South, g.North)
				if met[k] == nil {
					met[k] = map[int]bool{}
				}
				met[k][g.Round] = true
			}
		}
		cycle := last/(len(rounds)/c.Cycles) + 1
		r := &Round{Number: last + 1}
		for _, p := range rounds[last] {
			s, n := c.Players[p[0]-1].Name, ""
			if p[1] > 0 {
				n = c.Players[p[1]-1].Name
			}
			if !active[Key(s)] || (n != "" && !active[Key(n)]) {
				continue // a withdrawn player's games are not played
			}
			if n != "" && len(met[pairKey(s, n)]) >= cycle {
				return nil, fmt.Errorf("%w: round %d of the Berger tables for %d players pairs %s and %s, who have met already: the players of a round robin cannot change once it has begun",
					ErrNoPairing, last+1, len(c.Players), s, n)
			}
			r.Boards = append(r.Boards, Pairing{Board: len(r.Boards) + 1, South: s, North: n})
		}
		return r, nil
	case "swiss":
		rounds := c.Rounds
		if rounds == 0 {
			// Enough to separate the leaders, and no more than a round robin's.
			n := len(c.Players)
			rounds = min(bits.Len(uint(n-1))+1, n-1+n%2)
		}
		if last >= rounds {
			return nil, fmt.Errorf("%w: all %d rounds are played", ErrComplete, rounds)
		}
		t := Standings(c, games, 0)
		points, ratings := map[string]float64{}, map[string]int{}
		for _, s := range t.Standings {
			points[Key(s.Player)] = s.Points
		}
		var players []string
		for _, p := range c.Players {
			if active[Key(p.Name)] {
				players = append(players, p.Name)
				ratings[Key(p.Name)] = p.Rating
			}
		}
		boards, err := Swiss(players, points, ratings, games)
		if err != nil {
			return nil, err
		}
		return &Round{Number: last + 1, Boards: boards}, nil
	}
	return nextMatches(c, games, last)
}

// nextMatches pairs knockout and match events, whose pairings play until one player wins: the
// next game of every undecided pairing, or else the next round of the winners.
func nextMatches(c *Config, games []Game, last int) (*Round, error) {
	if last == 0 {
		if c.Format == "match" {
			return &Round{Number: 1, Boards: []Pairing{{1, c.Players[0].Name, c.Players[1].Name}}}, nil
		}
		var seeds []string
		for _, p := range c.Players {
			seeds = append(seeds, p.Name)
		}
		return &Round{Number: 1, Sub: c.subFor(1), Boards: Knockout(seeds)}, nil
	}
	t := Standings(c, games, 0)
	var again []Pairing
	var winners []string
	for _, m := range t.Matches {
		if c.Format == "knockout" && m.Round != last {
			continue
		}
		if m.Winner == "" {
			// The next game of the pairing, colours alternating.
			s, n := m.A, m.B
			if m.Games%2 == 1 {
				s, n = n, s
			}
			again = append(again, Pairing{Board: m.Board, South: s, North: n})
			continue
		}
		winners = append(winners, m.Winner)
	}
	if c.Format == "match" {
		if len(again) == 0 {
			return nil, fmt.Errorf("%w: %s has won the match", ErrComplete, winners[0])
		}
		return &Round{Number: last + 1, Boards: again}, nil
	}
	if len(again) > 0 {
		sub := 1 // a pairing of one game numbers it not: its game is game 1
		for _, g := range games {
			if g.Round == last {
				sub = max(sub, g.Sub)
			}
		}
		return &Round{Number: last, Sub: sub + 1, Boards: again}, nil
	}
	// Byes of the last round advance their player, in board order with the winners.
	winners = winners[:0]
	seen := map[int]bool{}
	for _, g := range games {
		if g.Round != last || seen[g.Board] {
			continue
		}
		seen[g.Board] = true
		if g.Bye() {
			winners = append(winners, g.South)
			continue
		}
		for _, m := range t.Matches {
			if m.Round == last && m.Board == g.Board {
				winners = append(winners, m.Winner)
			}
		}
	}
	if len(winners) < 2 {
		return nil, fmt.Errorf("%w: %s has won the knockout", ErrComplete, strings.Join(winners, ""))
	}
	r := &Round{Number: last + 1, Sub: c.subFor(1)}
	for i := 0; i+1 < len(winners); i += 2 {
		r.Boards = append(r.Boards, Pairing{Board: len(r.Boards) + 1, South: winners[i], North: winners[i+1]})
	}
	return r, nil
}

// pairKey is the two players of a game, in either order.
func pairKey(a, b string) [2]string {
	a, b = Key(a), Key(b)
	return [2]string{min(a, b), max(a, b)}
}

// subFor numbers the games of a pairing only where a pairing plays several (in a match every
// game is a round of its own).
func (c *Config) subFor(n int) int {
	if c.Games > 1 && c.Format != "match" {
		return n
	}
	return 0
}

// active is the set of players to pair in round last+1: not withdrawn, entered by then, and
// without a declared bye in that round.
func (c *Config) active(last int) map[string]bool {
	a := map[string]bool{}
	for _, p := range c.Players {
		if (p.Withdrawn == 0 || p.Withdrawn > last) && p.Joined <= last+1 {
			a[Key(p.Name)] = true
		}
	}
	for _, b := range c.RoundByes(last + 1) {
		delete(a, Key(b.Player))
	}
	return a
}

// Stubs writes the round as BGN game stubs, every tag set and Result "*"; a bye is a game
// won without play, Termination "bye". In round-robin and Swiss events a pairing of several
// games gets all of them at once, colours alternating.
func (c *Config) Stubs(r *Round) []*notation.Record {
	v, _ := engine.LookupVariant(c.Variant) // checked when the event was read
	games := 1
	if c.Format == "round-robin" || c.Format == "swiss" {
		games = c.Games
	}
	var recs []*notation.Record
	for _, b := range r.Boards {
		for g := 1; g <= games; g++ {
			s, n := b.South, b.North
			if g%2 == 0 {
				s, n = n, s
			}
			round := strconv.Itoa(r.Number)
			if c.Format != "match" {
				round += "." + strconv.Itoa(b.Board)
			}
			if sub := max(r.Sub, c.subFor(g)); sub > 0 {
				round += "." + strconv.Itoa(sub)
			}
			rec := &notation.Record{Result: "*"}
			rec.SetTag("Event", c.Name)
			if c.Site != "" {
				rec.SetTag("Site", c.Site)
			}
			rec.SetTag("Round", round)
			rec.SetTag("South", s)
			rec.SetTag("Result", "*")
			rec.SetTag("Variant", v.Name())
			if b.North == "" {
				rec.SetTag("South", b.South)
				rec.SetTag("North", "-")
				rec.Result = "1-0"
				rec.SetTag("Result", "1-0")
				rec.SetTag("Termination", "bye")
				recs = append(recs, rec)
				break
			}
			rec.SetTag("North", n)
			recs = append(recs, rec)
		}
	}
	return recs
}

// RoundFile is where a round's stubs go: round-03.bgn, or round-03-game-2.bgn for the next
// games of undecided pairings.
func RoundFile(dir string, r *Round) string {
	name := fmt.Sprintf("round-%02d.bgn", r.Number)
	if r.Sub > 1 {
		name = fmt.Sprintf("round-%02d-game-%d.bgn", r.Number, r.Sub)
	}
	return filepath.Join(dir, name)
}

// Pair writes the next round of the event in dir, dated today, and returns its file, and gives
// each board its recording link (see Links). It holds the event's
// lock from reading the games to writing the round, so that two runs at once pair it once.
func Pair(dir string) (string, *Round, error) {
	unlock, err := lock(filepath.Join(dir, lockFile))
	if err != nil {
		return "", nil, err
	}
	defer unlock()
	c, err := Load(dir)
	if err != nil {
		return "", nil, err
	}
	games, problems, err := Games(dir, c)
	if err != nil {
		return "", nil, err
	}
	if len(problems) > 0 {
		return "", nil, fmt.Errorf("%w (and %d more problems): fix the records before pairing", problems[0], len(problems)-1)
	}
	r, err := Next(c, games)
	if err != nil {
		return "", nil, err
	}
	path := RoundFile(dir, r)
	if _, err := os.Stat(path); err == nil {
		return "", nil, fmt.Errorf("%s: %w: the file exists but holds no game of event %q", path, ErrConfig, c.Name)
	}
	recs := c.Stubs(r)
	// Dated the day they are paired: a result entered without moves is rated in date order.
	today := time.Now().Format("2006.01.02")
	for _, rec := range recs {
		rec.SetTag("Date", today)
	}
	var b bytes.Buffer
	if err := notation.Write(&b, recs...); err != nil {
		return "", nil, err
	}
	// The links first: a round on file without them could not be recorded from a phone.
	if err := makeLinks(dir, r); err != nil {
		return "", nil, err
	}
	return path, r, notation.WriteFile(path, b.Bytes())
}
