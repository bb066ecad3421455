package notation

import (
	"hash/fnv"
	"slices"
	"strings"
)

// Near finds the records that are probably one game from two sources: a printed collection
// and a tournament report, say, a move misprinted, a date or a name spelt otherwise. Two records
// are near when they are of one variant and start, and their main lines (as written where they
// do not replay) are at most NearEdits moves apart (replaced, left out or added), or share a
// common opening of at least NearPrefix plies that is most of the shorter game. Records that
// are the same game move for move are near too (Duplicates finds those alone). A fragment, whose
// main line has gaps, is near a whole game that plays every surviving stretch (fragmentPair).
//
// Candidates are found by the runs of three moves the games share, not by comparing every pair:
// a run played in more than nearCommon games (an opening everybody plays) says nothing and is
// not followed.
type Near struct {
	// Key reduces a player's name to what identifies the player (event.Key), so that spellings
	// agree; nil compares names as written.
	Key   func(string) string
	games []nearGame
	runs  map[uint64][]int32
}

// NearEdits and NearPrefix are Near's thresholds.
const (
	NearEdits  = 3
	NearPrefix = 20
	nearCommon = 64
)

type nearGame struct {
	ref     GameRef
	variant string
	start   string
	moves   []string
	tags    map[string]string // Date, South, North
}

// NearPair is two records that are probably one game, with what differs between them.
type NearPair struct {
	A GameRef `json:"a"`
	B GameRef `json:"b"`
	// Edits counts the moves replaced, left out or added between the main lines.
	Edits int `json:"edits"`
	// Moves lists the differences move by move, in the order of A's main line.
	Moves []MoveDiff `json:"moves"`
	// Tags lists the roster tags (Date, South, North) that differ: name -> [A's, B's].
	Tags map[string][2]string `json:"tags,omitempty"`
}

// Gaps counts the gaps of a pair of a fragment and a whole game (fragmentPair): 0 for two games
// without gaps.
func (p NearPair) Gaps() int {
	n := 0
	for _, d := range p.Moves {
		if d.A == GapToken || d.B == GapToken {
			n++
		}
	}
	return n
}

// MoveDiff is one difference between two main lines: Ply is A's ply (1-based; for a move only
// B has, the ply it comes before), A and B the moves ("" where one record has none).
type MoveDiff struct {
	Ply int    `json:"ply"`
	A   string `json:"a"`
	B   string `json:"b"`
}

// Add takes one record.
func (n *Near) Add(r *Record) {
	p := PlayedOf(r)
	g := nearGame{ref: RefOf(r), variant: p.Variant, start: p.Start, moves: p.Moves, tags: map[string]string{}}
	for _, t := range []string{"Date", "South", "North"} {
		g.tags[t] = r.Tag(t)
	}
	if n.runs == nil {
		n.runs = map[uint64][]int32{}
	}
	id := int32(len(n.games))
	n.games = append(n.games, g)
	for _, h := range g.runKeys() {
		if l := n.runs[h]; len(l) <= nearCommon {
			n.runs[h] = append(l, id)
		}
	}
}

// runKeys are the hashes of the game's runs of three moves, each once.
func (g nearGame) runKeys() []uint64 {
	var keys []uint64
	for i := 0; i+3 <= len(g.moves); i++ {
		h := fnv.New64a()
		h.Write([]byte(g.variant + "\n" + g.start + "\n" + strings.Join(g.moves[i:i+3], " ")))
		keys = append(keys, h.Sum64())
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// Pairs gives the near pairs, in the order of their first record, then their second.
func (n *Near) Pairs() []NearPair {
	var out []NearPair
	for i, g := range n.games {
		shared := map[int32]int{}
		for _, h := range g.runKeys() {
			if l := n.runs[h]; len(l) <= nearCommon {
				for _, j := range l {
					if int(j) > i {
						shared[j]++
					}
				}
			}
		}
		var cands []int32
		for j, c := range shared {
			// a game NearEdits moves apart shares all but 3 runs per edit
			if c >= min(len(g.moves), len(n.games[j].moves))-2-3*NearEdits || c >= NearPrefix-2 {
				cands = append(cands, j)
			}
		}
		slices.Sort(cands)
		for _, j := range cands {
			if p, ok := n.pair(g, n.games[j]); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// pair compares two games.
func (n *Near) pair(a, b nearGame) (NearPair, bool) {
	if a.variant != b.variant || a.start != b.start {
		return NearPair{}, false
	}
	prefix := 0
	for prefix < min(len(a.moves), len(b.moves)) && a.moves[prefix] == b.moves[prefix] {
		prefix++
	}
	if fa, fb := slices.Contains(a.moves, GapToken), slices.Contains(b.moves, GapToken); fa != fb {
		return n.fragmentPair(a, b, fb)
	}
	diffs, edits := moveDiff(a.moves, b.moves, NearEdits)
	// a few edits tell a game only in a line long enough: at least 5 moves per edit
	near := edits <= NearEdits && 5*edits <= min(len(a.moves), len(b.moves)) ||
		prefix >= NearPrefix && 2*prefix >= min(len(a.moves), len(b.moves)) && n.sameRoster(a, b)
	if !near {
		return NearPair{}, false
	}
	p := NearPair{A: a.ref, B: b.ref, Edits: edits, Moves: append([]MoveDiff{}, diffs...)}
	if edits > NearEdits { // told by the opening alone: the moves after it differ
		p.Moves = []MoveDiff{{Ply: prefix + 1, A: strings.Join(a.moves[prefix:], " "), B: strings.Join(b.moves[prefix:], " ")}}
	}
	p.Tags = rosterDiff(a, b)
	return p, true
}

// fragmentPair compares a fragment (its main line holds gaps) with a game without: they are one
// game when each stretch that survives is played in the whole game, in order, move for move,
// the first from the start, and what survives is long enough to tell a game (NearPrefix
// plies) or the roster says so. The pair's differences are the gaps, each with the moves of
// the whole game it stands for. bIsFragment says which of the two is the fragment.
func (n *Near) fragmentPair(a, b nearGame, bIsFragment bool) (NearPair, bool) {
	f, g := a.moves, b.moves
	if bIsFragment {
		f, g = g, f
	}
	kept, at := 0, 0 // moves of f that survive; where in g the next stretch may start
	var gaps []MoveDiff
	for i := 0; i < len(f); {
		if f[i] == GapToken {
			j := i + 1
			for j < len(f) && f[j] != GapToken {
				j++
			}
			stretch := f[i+1 : j]
			k := at
			for k+len(stretch) <= len(g) && !slices.Equal(g[k:k+len(stretch)], stretch) {
				k++
			}
			if k+len(stretch) > len(g) {
				return NearPair{}, false
			}
			lost := strings.Join(g[at:k], " ")
			if bIsFragment {
				gaps = append(gaps, MoveDiff{Ply: at + 1, A: lost, B: GapToken})
			} else {
				gaps = append(gaps, MoveDiff{Ply: i + 1, A: GapToken, B: lost})
			}
			kept, at, i = kept+len(stretch), k+len(stretch), j
			continue
		}
		if at >= len(g) || g[at] != f[i] { // the first stretch opens the game
			return NearPair{}, false
		}
		kept, at, i = kept+1, at+1, i+1
	}
	if kept < NearPrefix && !n.sameRoster(a, b) {
		return NearPair{}, false
	}
	return NearPair{A: a.ref, B: b.ref, Moves: gaps, Tags: rosterDiff(a, b)}, true
}

// rosterDiff gives the roster tags in which two games differ: name -> [a's, b's].
func rosterDiff(a, b nearGame) map[string][2]string {
	var out map[string][2]string
	for _, t := range []string{"Date", "South", "North"} {
		if a.tags[t] != b.tags[t] {
			if out == nil {
				out = map[string][2]string{}
			}
			out[t] = [2]string{a.tags[t], b.tags[t]}
		}
	}
	return out
}

// sameRoster: both records name the same two players (by Key) and the same day, all known.
func (n *Near) sameRoster(a, b nearGame) bool {
	key := func(s string) string {
		if n.Key != nil {
			return n.Key(s)
		}
		return strings.TrimSpace(s)
	}
	for _, t := range []string{"South", "North"} {
		if k := key(a.tags[t]); k == "" || k == "?" || k != key(b.tags[t]) {
			return false
		}
	}
	d := a.tags["Date"]
	return d == b.tags["Date"] && !strings.Contains(d, "?") && d != ""
}

// moveDiff is the edit distance between two lines of moves (replace, leave out, add) and the
// differences of one shortest edit script; beyond limit it stops and gives limit+1.
func moveDiff(a, b []string, limit int) ([]MoveDiff, int) {
	if d := len(a) - len(b); d > limit || -d > limit {
		return nil, limit + 1
	}
	// dp over a band of width limit around the diagonal
	n, m := len(a), len(b)
	inf := limit + 1
	d := make([][]int, n+1)
	for i := range d {
		d[i] = make([]int, m+1)
		for j := range d[i] {
			d[i][j] = inf
		}
	}
	for i := 0; i <= n; i++ {
		for j := max(0, i-limit); j <= min(m, i+limit); j++ {
			switch {
			case i == 0:
				d[i][j] = j
			case j == 0:
				d[i][j] = i
			default:
				c := d[i-1][j-1]
				if a[i-1] != b[j-1] {
					c++
				}
				d[i][j] = min(c, d[i-1][j]+1, d[i][j-1]+1, inf)
			}
		}
		if lo := max(0, i-limit); i > 0 && slices.Min(d[i][lo:min(m, i+limit)+1]) > limit {
			return nil, inf
		}
	}
	if d[n][m] > limit {
		return nil, inf
	}
	var diffs []MoveDiff
	for i, j := n, m; i > 0 || j > 0; {
		switch {
		case i > 0 && j > 0 && a[i-1] == b[j-1] && d[i][j] == d[i-1][j-1]:
			i, j = i-1, j-1
		case i > 0 && j > 0 && d[i][j] == d[i-1][j-1]+1:
			diffs = append(diffs, MoveDiff{Ply: i, A: a[i-1], B: b[j-1]})
			i, j = i-1, j-1
		case i > 0 && d[i][j] == d[i-1][j]+1:
			diffs = append(diffs, MoveDiff{Ply: i, A: a[i-1]})
			i--
		default:
			diffs = append(diffs, MoveDiff{Ply: i + 1, B: b[j-1]})
			j--
		}
	}
	slices.Reverse(diffs)
	return diffs, d[n][m]
}
