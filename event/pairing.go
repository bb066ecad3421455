package event

import (
	"fmt"
	"slices"
	"strings"
)

// Pairing is one board of a round: South against North. North is "" for a bye.
type Pairing struct {
	Board        int
	South, North string
}

// Berger gives the rounds of a round robin of n players (numbered 1..n) by the Berger tables
// that arbiters publish: with n odd a dummy n+1 makes the bye. Each pairing is {south, north}
// as the tables give {white, black}; in round r the last player meets a = (r-1)·n/2 mod (n-1)
// + 1, and the other boards pair a+k with a-k around the circle of 1..n-1. A second cycle
// repeats the first with colours reversed.
func Berger(n, cycles int) [][][2]int {
	m := n + n%2
	var rounds [][][2]int
	for r := 1; r < m; r++ {
		a := (r-1)*(m/2)%(m-1) + 1
		round := make([][2]int, 0, m/2)
		if r%2 == 1 {
			round = append(round, [2]int{a, m})
		} else {
			round = append(round, [2]int{m, a})
		}
		for k := 1; k < m/2; k++ {
			round = append(round, [2]int{wrap(a+k, m-1), wrap(a-k, m-1)})
		}
		rounds = append(rounds, round)
	}
	for c := 1; c < cycles; c++ {
		for _, round := range rounds[:m-1] {
			rev := make([][2]int, len(round))
			for i, p := range round {
				rev[i] = [2]int{p[1], p[0]}
			}
			rounds = append(rounds, rev)
		}
	}
	if m != n { // the dummy's games are byes
		for i, round := range rounds {
			for j, p := range round {
				if p[0] == m {
					round[j] = [2]int{p[1], 0}
				} else if p[1] == m {
					round[j] = [2]int{p[0], 0}
				}
			}
			// The bye goes last, after the boards that are played.
			slices.SortStableFunc(round, func(a, b [2]int) int {
				return boolInt(a[1] == 0) - boolInt(b[1] == 0)
			})
			rounds[i] = round
		}
	}
	return rounds
}

func wrap(x, n int) int { return ((x-1)%n+n)%n + 1 }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// history is what pairing needs to know of the rounds played: who met whom, colours, byes.
type history struct {
	met    map[[2]string]bool
	colour map[string]int // games as South minus games as North
	last   map[string]int // +1 South, -1 North in the player's last game
	byes   map[string]int
}

func newHistory(games []Game) history {
	h := history{met: map[[2]string]bool{}, colour: map[string]int{}, last: map[string]int{}, byes: map[string]int{}}
	for _, g := range games {
		s := Key(g.South)
		if g.Bye() {
			h.byes[s]++
			continue
		}
		n := Key(g.North)
		h.met[[2]string{s, n}], h.met[[2]string{n, s}] = true, true
		h.colour[s]++
		h.colour[n]--
		h.last[s], h.last[n] = 1, -1
	}
	return h
}

// Swiss pairs the next round of a Swiss event, deterministically. It follows the Dutch
// system's main rules in a simpler form: players are ranked by score, then rating, then name;
// the first unpaired player meets the first player below who is (1) not met before and (2)
// able to take the other colour without either player's colour difference (games as South
// minus games as North) leaving -1..+1, trying first the player half a score group below (top
// half against bottom half), then the others in rank order; if no complete pairing exists,
// the colour rule is relaxed, never the no-repeat rule. With an odd number, the lowest ranked
// player without a bye gets one. South goes to the player with the lower colour difference,
// then to the one who was North last, then to the higher ranked.
func Swiss(players []string, points map[string]float64, ratings map[string]int, games []Game) ([]Pairing, error) {
	h := newHistory(games)
	ranked := slices.Clone(players)
	slices.SortStableFunc(ranked, func(a, b string) int {
		if c := cmpFloat(points[Key(b)], points[Key(a)]); c != 0 {
			return c
		}
		if c := ratings[Key(b)] - ratings[Key(a)]; c != 0 {
			return c
		}
		return strings.Compare(Key(a), Key(b))
	})
	var bye string
	if len(ranked)%2 == 1 {
		for i := len(ranked) - 1; i >= 0; i-- {
			if h.byes[Key(ranked[i])] == 0 {
				bye = ranked[i]
				break
			}
		}
		if bye == "" {
			bye = ranked[len(ranked)-1]
		}
		ranked = slices.DeleteFunc(ranked, func(p string) bool { return p == bye })
	}
	var pairs [][2]string
	for _, strict := range []bool{true, false} {
		if pairs = pairSwiss(ranked, points, h, strict); pairs != nil {
			break
		}
	}
	if pairs == nil {
		pairs = pairConstrained(ranked, h)
	}
	if pairs == nil && len(ranked) > 0 {
		return nil, fmt.Errorf("%w: every pairing of the next round repeats a game", ErrNoPairing)
	}
	var out []Pairing
	for i, p := range pairs {
		a, b := p[0], p[1]
		if southFirst := colourOrder(h, a, b); !southFirst {
			a, b = b, a
		}
		out = append(out, Pairing{Board: i + 1, South: a, North: b})
	}
	if bye != "" {
		out = append(out, Pairing{Board: len(out) + 1, South: bye})
	}
	return out, nil
}

// budget bounds the backtracking of pairSwiss: a pathological history gives up (and the caller
// relaxes the colour rule) rather than searching for minutes.
const budget = 200000

// pairSwiss pairs ranked players (in rank order) by backtracking; nil if impossible.
func pairSwiss(ranked []string, points map[string]float64, h history, strict bool) [][2]string {
	keys, pts := make([]string, len(ranked)), make([]float64, len(ranked))
	for i, p := range ranked {
		keys[i] = Key(p)
		pts[i] = points[keys[i]]
	}
	first := func(used []bool) int { return slices.Index(used, false) }
	opponents := func(used []bool, i int) []int {
		return slices.DeleteFunc(candidates(pts, used, i), func(j int) bool {
			a, b := keys[i], keys[j]
			return h.met[[2]string{a, b}] || (strict && !coloursFit(h, a, b))
		})
	}
	return names(ranked, backtrack(len(ranked), budget, first, opponents))
}

// pairConstrained pairs ranked players by another search, for when pairSwiss gives up: late
// in a long event the rank-order search can spend its budget at the bottom of the table,
// among players who have all met, though a pairing exists. Here the player with the fewest
// opponents left goes first, meeting the one (of those it has not met) with the fewest left,
// then the higher ranked; a dead end shows at once. nil if none is found.
func pairConstrained(ranked []string, h history) [][2]string {
	n := len(ranked)
	keys := make([]string, n)
	for i, p := range ranked {
		keys[i] = Key(p)
	}
	can := func(i, j int) bool { return i != j && !h.met[[2]string{keys[i], keys[j]}] }
	left := func(used []bool, i int) int {
		c := 0
		for j := range n {
			if !used[j] && can(i, j) {
				c++
			}
		}
		return c
	}
	fewest := func(used []bool) int {
		i := -1
		for k := range n {
			if !used[k] && (i < 0 || left(used, k) < left(used, i)) {
				i = k
			}
		}
		return i
	}
	opponents := func(used []bool, i int) []int {
		var opp []int
		for j := range n {
			if !used[j] && can(i, j) {
				opp = append(opp, j)
			}
		}
		slices.SortStableFunc(opp, func(a, b int) int { return left(used, a) - left(used, b) })
		return opp
	}
	pairs := backtrack(n, budget/100, fewest, opponents)
	for k, p := range pairs {
		pairs[k] = [2]int{min(p[0], p[1]), max(p[0], p[1])}
	}
	slices.SortFunc(pairs, func(a, b [2]int) int { return a[0] - b[0] }) // boards in rank order
	return names(ranked, pairs)
}

// backtrack pairs n players by depth-first search: next picks the player to pair (-1 when all
// are), then opponents gives those to try for it, in order (both see which are used). It gives
// up after steps tries; nil if no pairing was found.
func backtrack(n, steps int, next func(used []bool) int, opponents func(used []bool, i int) []int) [][2]int {
	used := make([]bool, n)
	var pairs [][2]int
	var rec func() bool
	rec = func() bool {
		if steps--; steps < 0 {
			return false
		}
		i := next(used)
		if i < 0 {
			return true
		}
		used[i] = true
		for _, j := range opponents(used, i) {
			used[j] = true
			pairs = append(pairs, [2]int{i, j})
			if rec() {
				return true
			}
			pairs = pairs[:len(pairs)-1]
			used[j] = false
		}
		used[i] = false
		return false
	}
	if !rec() {
		return nil
	}
	return pairs
}

// names gives the players of index pairs by their names in ranked; nil for nil.
func names(ranked []string, pairs [][2]int) [][2]string {
	if pairs == nil {
		return nil
	}
	out := make([][2]string, len(pairs))
	for k, p := range pairs {
		out[k] = [2]string{ranked[p[0]], ranked[p[1]]}
	}
	return out
}

// candidates lists the opponents to try for player i of those ranked (pts: their points):
// first the one half its score group below (top half against bottom half), then the rest of
// the group, then everyone below.
func candidates(pts []float64, used []bool, i int) []int {
	var group, rest []int
	for j := i + 1; j < len(pts); j++ {
		if used[j] {
			continue
		}
		if pts[j] == pts[i] {
			group = append(group, j)
		} else {
			rest = append(rest, j)
		}
	}
	// The group's free players including i: i is the first, so its half-group partner is
	// (len(group)+1)/2 places on.
	if h := (len(group) + 1) / 2; h > 0 && h <= len(group) {
		group = append(append([]int{group[h-1]}, group[:h-1]...), group[h:]...)
	}
	return append(group, rest...)
}

// coloursFit reports whether a and b can meet with both colour differences kept in -1..+1.
func coloursFit(h history, a, b string) bool {
	ca, cb := h.colour[a], h.colour[b]
	// One of them plays South (+1), the other North (-1).
	return (ca+1 <= 1 && cb-1 >= -1) || (cb+1 <= 1 && ca-1 >= -1)
}

// colourOrder reports whether a (the higher ranked) plays South against b.
func colourOrder(h history, a, b string) bool {
	ka, kb := Key(a), Key(b)
	ca, cb := h.colour[ka], h.colour[kb]
	switch {
	case ca+1 > 1 || cb-1 < -1:
		return false
	case cb+1 > 1 || ca-1 < -1:
		return true
	case ca != cb:
		return ca < cb
	case h.last[ka] != h.last[kb]:
		return h.last[ka] < h.last[kb]
	}
	return true
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Knockout pairs the first round of a knockout by seed: 1 against the last, 2 against the one
// before, ..., in bracket order so that the top two seeds can meet only in the final; with a
// number of players that is not a power of two the top seeds get byes.
func Knockout(seeded []string) []Pairing {
	size := 1
	for size < len(seeded) {
		size *= 2
	}
	order := []int{1}
	for len(order) < size {
		n := 2 * len(order)
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
	}
	var out []Pairing
	for i := 0; i < len(order); i += 2 {
		a, b := order[i], order[i+1]
		p := Pairing{Board: len(out) + 1, South: seeded[a-1]}
		if b <= len(seeded) {
			p.North = seeded[b-1]
		}
		out = append(out, p)
	}
	return out
}
