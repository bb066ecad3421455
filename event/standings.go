package event

import (
	"cmp"
	"slices"
	"strings"
)

// Standing is one player's line in the standings.
type Standing struct {
	Rank   int     `json:"rank"`
	Player string  `json:"player"`
	Points float64 `json:"points"`
	Games  int     `json:"games"` // decided games, forfeits included, byes not
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Byes   int     `json:"byes"`
	// TieBreaks holds the value of each of the event's tie-breaks, by name.
	TieBreaks map[string]float64 `json:"tiebreaks"`
}

// Match is the score of one pairing that plays several games (a match, or a knockout tie).
type Match struct {
	Round  int        `json:"round"`
	Board  int        `json:"board"`
	A      string     `json:"a"`
	B      string     `json:"b"`
	Score  [2]float64 `json:"score"` // A's and B's points
	Games  int        `json:"games"`
	Winner string     `json:"winner,omitempty"` // "" while undecided
}

// Table is an event's standings after some round: the players in rank order, the crosstable
// and the match scores.
type Table struct {
	Event     string     `json:"event"`
	Round     int        `json:"round"` // the last round with a result counted (0: none yet)
	Standings []Standing `json:"standings"`
	// Cross[i][j] is what Standings[i] scored against Standings[j], one entry per game
	// ("1", "½", "0", "+" and "-" for forfeits).
	Cross   [][]string `json:"crosstable"`
	Matches []Match    `json:"matches,omitempty"`
}

// entry gathers one player's games while the standings are computed.
type entry struct {
	Standing
	key   string
	games []played
}

// played is one decided game from one player's side.
type played struct {
	opp     string // the opponent's key
	score   float64
	north   bool
	forfeit bool
}

// Standings computes the standings of the event after round after (0: every round).
func Standings(c *Config, games []Game, after int) *Table {
	t := &Table{Event: c.Name}
	byKey := map[string]*entry{}
	var order []*entry
	add := func(name string) *entry {
		k := Key(name)
		if e := byKey[k]; e != nil {
			return e
		}
		e := &entry{Standing: Standing{Player: name, TieBreaks: map[string]float64{}}, key: k}
		byKey[k] = e
		order = append(order, e)
		return e
	}
	for _, p := range c.Players {
		add(p.Name)
	}
	for _, g := range games {
		if after > 0 && g.Round > after {
			continue
		}
		if !g.Decided() {
			continue
		}
		t.Round = max(t.Round, g.Round)
		s := add(g.South)
		if g.Bye() {
			s.Points += c.Scoring.Bye
			s.Byes++
			continue
		}
		n := add(g.North)
		ps, pn := g.score(c.Scoring)
		for _, side := range []struct {
			e        *entry
			opp      string
			pts, opt float64
			north    bool
		}{{s, n.key, ps, pn, false}, {n, s.key, pn, ps, true}} {
			e := side.e
			e.Points += side.pts
			e.Games++
			switch {
			case side.pts > side.opt:
				e.Wins++
			case side.pts < side.opt:
				e.Losses++
			default:
				e.Draws++
			}
			e.games = append(e.games, played{opp: side.opp, score: side.pts, north: side.north, forfeit: g.Forfeit()})
		}
	}
	points := func(k string) float64 { return byKey[k].Points }
	for _, e := range order {
		tieBreaks(c, e, points)
	}
	// Direct encounter is computed within each group of equal points.
	if slices.Contains(c.TieBreak, "direct") {
		for _, e := range order {
			d := 0.0
			for _, g := range e.games {
				if byKey[g.opp].Points == e.Points {
					d += g.score
				}
			}
			e.TieBreaks["direct"] = d
		}
	}
	compare := func(a, b *entry) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		for _, name := range c.TieBreak {
			if c := cmp.Compare(b.TieBreaks[name], a.TieBreaks[name]); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b *entry) int {
		if c := compare(a, b); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	index := map[string]int{}
	for i, e := range order {
		e.Rank = i + 1
		if i > 0 && compare(order[i-1], e) == 0 {
			e.Rank = order[i-1].Rank // tied on everything: shared rank
		}
		index[e.key] = i
		t.Standings = append(t.Standings, e.Standing)
	}
	t.Cross = make([][]string, len(order))
	for i, e := range order {
		t.Cross[i] = make([]string, len(order))
		for _, g := range e.games {
			t.Cross[i][index[g.opp]] += cell(g, c.Scoring)
		}
	}
	if c.Games > 1 || c.Format == "match" || c.Format == "knockout" {
		t.Matches = matches(c, games, after)
	}
	return t
}

// cell is one game in the crosstable.
func cell(g played, s Scoring) string {
	switch {
	case g.forfeit && g.score == s.Win:
		return "+"
	case g.forfeit && g.score == s.Loss:
		return "-"
	case g.score == s.Win:
		return "1"
	case g.score == s.Draw:
		return "½"
	case g.score == s.Loss:
		return "0"
	}
	return "?"
}

// tieBreaks computes the tie-breaks that depend on the opponents' totals.
func tieBreaks(c *Config, e *entry, points func(string) float64) {
	var opp []float64
	sb, north := 0.0, 0
	for _, g := range e.games {
		p := points(g.opp)
		opp = append(opp, p)
		sb += g.score * p
		if g.north {
			north++
		}
	}
	buchholz := 0.0
	for _, p := range opp {
		buchholz += p
	}
	median := buchholz
	if len(opp) >= 3 {
		median -= slices.Max(opp) + slices.Min(opp)
	}
	for _, name := range c.TieBreak {
		switch name {
		case "sonneborn-berger":
			e.TieBreaks[name] = sb
		case "buchholz":
			e.TieBreaks[name] = buchholz
		case "median-buchholz":
			e.TieBreaks[name] = median
		case "wins":
			e.TieBreaks[name] = float64(e.Wins)
		case "north":
			e.TieBreaks[name] = float64(north)
		}
	}
}

// matches scores each pairing of several games: the games of one round and board between the
// same two players. A match of best of n ends when a player has more than n/2 points; tied
// after n games it goes on, game by game, until one leads.
func matches(c *Config, games []Game, after int) []Match {
	var out []Match
	at := map[[2]int]int{}
	for _, g := range games {
		if (after > 0 && g.Round > after) || g.Bye() {
			continue
		}
		round, board := g.Round, g.Board
		if c.Format == "match" { // every game of a match is one "round"
			round, board = 1, 1
		}
		k := [2]int{round, board}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, Match{Round: round, Board: board, A: g.South, B: g.North})
		}
		m := &out[i]
		if !g.Decided() || m.Winner != "" {
			continue
		}
		ps, pn := g.score(c.Scoring)
		if Key(g.South) == Key(m.A) {
			m.Score[0], m.Score[1] = m.Score[0]+ps, m.Score[1]+pn
		} else {
			m.Score[0], m.Score[1] = m.Score[0]+pn, m.Score[1]+ps
		}
		m.Games++
		m.Winner = matchWinner(c, m)
	}
	return out
}

// matchWinner is the winner of m so far, or "".
func matchWinner(c *Config, m *Match) string {
	need := float64(c.Games) * c.Scoring.Win / 2
	a, b := m.Score[0], m.Score[1]
	switch {
	case a > need || (m.Games >= c.Games && a > b):
		return m.A
	case b > need || (m.Games >= c.Games && b > a):
		return m.B
	}
	return ""
}
