package engine

import "slices"

// Kimasai is Bao la Kimasai, the four-row version (4x12) described by Klamroth (1911): single
// stones step anticlockwise round their owner's two rows and capture on entering the front row.
// Rules: docs/rules/bao-la-kimasai.md.
var Kimasai = newVariant(&Variant{
	id:         "kimasai",
	name:       "Bao la Kimasai",
	summary:    "4x12, Maasai of Dodoma: single stones step anticlockwise and capture the column they face",
	width:      12,
	rows:       2,
	aliases:    []string{"bao-la-kimasai"},
	stones:     true,
	repetition: true,
	syntax:     syntax{capture: true, to: true},
	start: "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,0/" +
		"0,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 S",
	rules: kimasai{},
})

// kimasai implements the stepping rules. A stone steps from loop index k to k-1 (the rules'
// anticlockwise successor), only into an empty pit.
type kimasai struct{}

func (kimasai) children(pos Position, dst []Child) []Child {
	p := &pos
	v := p.v
	r := v.ring[p.toMove]
	them := p.toMove.Other()
	// The opponent loses when, to move, he has no stone (in play only a capture can do that;
	// a set-up may start so).
	themGone := p.stones(them) == 0
	for k, x := range r {
		to := r[wrap(k-1, len(r))]
		if p.pits[x] == 0 || p.pits[to] != 0 {
			continue
		}
		c := Child{Move: Move{Pit: Pit(x)}, Position: *p}
		q := &c.Position
		q.pits[x], q.pits[to] = 0, 1
		if q.kimasaiCapture(Pit(to), nil) {
			c.Move.Flags |= Capture
			if q.stones(them) == 0 {
				c.Move.Flags |= Wins
			}
		} else if themGone {
			c.Move.Flags |= Wins
		}
		q.toMove = them
		dst = append(dst, c)
	}
	return dst
}

// kimasaiCapture applies rules section 5 to a stone that has just arrived in pit to.
func (p *Position) kimasaiCapture(to Pit, t *Trace) bool {
	v := p.v
	if !p.front(to) {
		return false
	}
	f := v.Opposite(to)
	if p.pits[f] == 0 {
		return false
	}
	p.pits[f] = 0
	t.addCapture(CaptureEvent{Pit: f, Seeds: 1, Kichwa: NoPit})
	if b := v.Behind(f); p.pits[b] != 0 {
		p.pits[b] = 0
		t.addCapture(CaptureEvent{Pit: b, Seeds: 1, Kichwa: NoPit})
	}
	return true
}

// stones counts side s's stones (seeds) on the board.
func (p *Position) stones(s Side) int {
	n := 0
	for _, x := range p.v.ring[s] {
		n += int(p.pits[x])
	}
	return n
}

// stepIndex is the loop index of the pit a stone steps to from x (anticlockwise, k-1 in the
// rules' loop index).
func (v *Variant) stepIndex(x Pit) int {
	r := v.ring[v.Owner(x)]
	k := slices.Index(r, uint8(x))
	return (k + len(r) - 1) % len(r)
}

// stepTo is the pit a stone steps to from x: what a token's destination (A5-A4) names.
func (v *Variant) stepTo(x Pit) Pit { return Pit(v.ring[v.Owner(x)][v.stepIndex(x)]) }

func (kimasai) trace(p *Position, m Move, t *Trace) Position {
	q := *p
	r := q.v.ring[q.toMove]
	k := q.v.stepIndex(m.Pit)
	q.pits[m.Pit], q.pits[r[k]] = 0, 1
	t.addLap(Step, m.Pit, r, k, -1, 1)
	q.kimasaiCapture(Pit(r[k]), t)
	q.toMove = q.toMove.Other()
	if q.Status() != Ongoing {
		t.addEvent(GameWon, NoPit, 0)
	}
	return q
}

// status: a player with no legal move (which, on a board of single stones, means no stones)
// has lost.
func (kimasai) status(p Position) Status {
	r := p.v.ring[p.toMove]
	for k, x := range r {
		if p.pits[x] != 0 && p.pits[r[wrap(k-1, len(r))]] == 0 {
			return Ongoing
		}
	}
	return winFor(p.toMove.Other())
}

// why: the pit a stone steps to must be empty.
func (kimasai) why(p Position, m Move) (string, bool) {
	v := p.v
	if p.pits[m.Pit] == 0 || v.Owner(m.Pit) != p.toMove {
		return "", false
	}
	return "the next pit, " + v.PitName(v.stepTo(m.Pit)) + ", is occupied", false
}

// expand: the flags cost nothing here, so it is children.
func (g kimasai) expand(p Position, dst []Child) []Child { return g.children(p, dst) }

// childrenAt: listing every move is cheap here, so filter the full list.
func (g kimasai) childrenAt(p Position, x Pit, _ Dir, dst []Child) []Child {
	return atPit(g.children(p, dst[:0]), x, NoDir)
}

func (kimasai) stage(*Position) string { return "" }

// metered: a Kimasai move is one step, never costly.
func (g kimasai) metered(*int) ruleset { return g }

func (kimasai) check(p *Position) error {
	for s := South; s <= North; s++ {
		for _, x := range p.v.ring[s] {
			if p.pits[x] > 1 {
				return posErr("board", "pit %s holds %d stones; a Kimasai pit holds at most one", p.v.PitName(Pit(x)), p.pits[x])
			}
		}
		if n := p.stones(s); n > 23 {
			return posErr("board", "%s has %d stones; at most 23", s, n)
		}
	}
	return nil
}
