package event

import (
	"cmp"
	"math"
	"slices"
	"strconv"
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

// MaxCross is the most players whose crosstable a Table writes out, a column for each
// player: past it (a big Swiss) the table would hold players² cells, 10⁸ for 10,000 players,
// and Rounds follows each player's rounds instead.
const MaxCross = 100

// Table is an event's standings after some round: the players in rank order, the crosstable
// and the match scores.
type Table struct {
	Event     string     `json:"event"`
	Round     int        `json:"round"` // the last round with a result counted (0: none yet)
	Standings []Standing `json:"standings"`
	// Cross[i][j] is what Standings[i] scored against Standings[j], one entry per game
	// ("1", "½", "0", "+" and "-" for forfeits); nil past MaxCross players (Cell has it).
	Cross [][]string `json:"crosstable"`
	// Rounds, past MaxCross players only, is each player's rounds: Rounds[i][r-1] is
	// Standings[i]'s round r, the opponent's number in the standings (1-based) then, for each
	// game, the side played (S or N) and the score as in Cross ("12S1", "7N½S0"); "bye" for a
	// bye, "" for no game.
	Rounds  [][]string `json:"rounds,omitempty"`
	Matches []Match    `json:"matches,omitempty"`
	// pairs holds Cross's non-empty cells when Cross is nil.
	pairs map[[2]int]string
}

// Cell is what Standings[i] scored against Standings[j], as Cross[i][j] has it.
func (t *Table) Cell(i, j int) string {
	if t.Cross != nil {
		return t.Cross[i][j]
	}
	return t.pairs[[2]int{i, j}]
}

// entry gathers one player's games while the standings are computed.
type entry struct {
	Standing
	key    string
	games  []played
	rounds map[int]float64 // points scored in each round, byes included
	byes   []int           // the rounds of the byes
}

// played is one decided game from one player's side.
type played struct {
	opp     string // the opponent's key
	round   int
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
		e := &entry{Standing: Standing{Player: name, TieBreaks: map[string]float64{}}, key: k, rounds: map[int]float64{}}
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
			s.bye(c.byePoints(g.Result), g.Round)
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
			e.rounds[g.Round] += side.pts
			e.Games++
			switch {
			case side.pts > side.opt:
				e.Wins++
			case side.pts < side.opt:
				e.Losses++
			default:
				e.Draws++
			}
			e.games = append(e.games, played{opp: side.opp, round: g.Round, score: side.pts, north: side.north, forfeit: g.Forfeit()})
		}
	}
	for r := 1; r <= t.Round && (after == 0 || r <= after); r++ {
		for _, b := range c.RoundByes(r) {
			add(b.Player).bye(c.byePoints(b.result()), r)
		}
	}
	points := func(k string) float64 { return byKey[k].Points }
	rating := c.ratingsBefore()
	for _, e := range order {
		tieBreaks(c, e, points, rating, t.Round)
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
	if len(order) <= MaxCross {
		t.Cross = make([][]string, len(order))
		for i, e := range order {
			t.Cross[i] = make([]string, len(order))
			for _, g := range e.games {
				t.Cross[i][index[g.opp]] += cell(g, c.Scoring)
			}
		}
	} else {
		t.byRounds(order, index, c.Scoring)
	}
	if c.Games > 1 || c.Format == "match" || c.Format == "knockout" {
		t.Matches = matches(c, games, after)
	}
	return t
}

// byRounds fills Rounds and the crosstable's cells of a table past MaxCross players.
func (t *Table) byRounds(order []*entry, index map[string]int, s Scoring) {
	t.pairs = map[[2]int]string{}
	t.Rounds = make([][]string, len(order))
	for i, e := range order {
		row := make([]string, t.Round)
		for _, r := range e.byes {
			if r >= 1 && r <= t.Round {
				row[r-1] = "bye"
			}
		}
		for _, g := range e.games {
			j, c := index[g.opp], cell(g, s)
			t.pairs[[2]int{i, j}] += c
			if g.round < 1 || g.round > t.Round {
				continue
			}
			if row[g.round-1] == "" {
				row[g.round-1] = strconv.Itoa(j + 1)
			}
			side := "S"
			if g.north {
				side = "N"
			}
			row[g.round-1] += side + c
		}
		t.Rounds[i] = row
	}
}

// bye counts a bye worth pts in round r.
func (e *entry) bye(pts float64, r int) {
	e.Points += pts
	e.rounds[r] += pts
	e.Byes++
	e.byes = append(e.byes, r)
}

// byePoints is what a bye written with result scores: the event's bye value for a full one
// (1-0), a draw's points for a half one, a loss's for a zero one.
func (c *Config) byePoints(result string) float64 {
	switch result {
	case "1/2-1/2":
		return c.Scoring.Draw
	case "0-1":
		return c.Scoring.Loss
	}
	return c.Scoring.Bye
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

// tieBreaks computes the tie-breaks that depend on the opponents' totals and on the rounds
// 1..last.
func tieBreaks(c *Config, e *entry, points, rating func(key string) float64, last int) {
	var opp []float64
	sb, north := 0.0, 0
	rated, ratings := 0, 0.0 // games played over the board, and their opponents' ratings
	for _, g := range e.games {
		p := points(g.opp)
		opp = append(opp, p)
		sb += g.score * p
		if g.north {
			north++
		}
		if !g.forfeit {
			rated++
			ratings += rating(g.opp)
		}
	}
	buchholz := 0.0
	for _, p := range opp {
		buchholz += p
	}
	median, cut1 := buchholz, buchholz
	if len(opp) >= 3 {
		median -= slices.Max(opp) + slices.Min(opp)
	}
	if len(opp) >= 2 {
		cut1 -= slices.Min(opp)
	}
	progressive, sum := 0.0, 0.0
	for r := 1; r <= last; r++ {
		sum += e.rounds[r]
		progressive += sum
	}
	aro := 0.0
	if rated > 0 {
		aro = math.Round(ratings / float64(rated))
	}
	for _, name := range c.TieBreak {
		switch name {
		case "sonneborn-berger":
			e.TieBreaks[name] = sb
		case "buchholz":
			e.TieBreaks[name] = buchholz
		case "median-buchholz":
			e.TieBreaks[name] = median
		case "buchholz-cut1":
			e.TieBreaks[name] = cut1
		case "progressive":
			e.TieBreaks[name] = progressive
		case "opponents-rating":
			e.TieBreaks[name] = aro
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
