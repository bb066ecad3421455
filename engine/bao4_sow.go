package engine

// Executing one 4x8 move (rules bao-la-kiswahili.md section 5). The same code serves the move
// generator (t == nil) and Trace, so the two can never disagree.
//
// Work is done in loop indices k of the mover's ring (v.ring): k = 0..7 are his front pits
// 1..8, k = 8..15 his back pits 8..1, clockwise = k+1. The nyumba is k = 4, the kichwas k = 0
// and k = 7, and the opponent's pit facing front pit k is the opponent's ring index 7-k.

const (
	b4Nyumba = 4 // loop index of the nyumba (kuu), A5/a5
	b4Loop   = 16
)

// b4k is pit x's index in its owner's ring.
func b4k(x Pit) int {
	n := int(x) % 8
	if int(x)/8%2 == 0 {
		return n
	}
	return 15 - n
}

// b4step turns a hand-relative direction into a ring step (README 3.1): from a front pit '>'
// is clockwise (+1), from a back pit '>' is anticlockwise (-1).
func b4step(k int, d Dir) int {
	if (d == Right) == (k < 8) {
		return 1
	}
	return -1
}

// b4dir is the inverse of b4step.
func b4dir(k, st int) Dir {
	if (st > 0) == (k < 8) {
		return Right
	}
	return Left
}

// b4out is what executing a move found.
type b4out struct {
	ok        bool // the move ended (false: it never ends, so it is illegal)
	decision  bool // a namua stop/safari decision point was reached (5.6 step 4a)
	hamna     bool // bao hamna: the opponent's front row was emptied (6.1)
	tookBlock bool // the move captured the pit in p.block (Lamu D4 obligation)
	cut       bool // undecided: the lap budget ran out first
}

// b4config is the configuration at a relay boundary (README 2.3): the 32 pit counts, and in
// meta the relay pit, the direction, the mode and the houses. Captures only shrink the
// opponent's seeds and so are never part of a cycle: a repeat of this state at two relay
// boundaries after the first proves that the move never ends. (The first boundary differs:
// a first lap from the house may relay from the takasia pit, where a later lap would stop.)
func b4config(q *Position, L, st int, capture bool) lapCfg {
	meta := uint64(L) | uint64(st+1)<<8
	if q.house[South] {
		meta |= 1 << 16
	}
	if q.house[North] {
		meta |= 1 << 17
	}
	if capture {
		meta |= 1 << 18
	}
	return packLap(&q.pits, meta)
}

// b4slowLaps is how many relays play runs itself before handing the rest to the packed loop
// (relays): most moves end within a few laps, and packing costs more than it saves there.
const b4slowLaps = 8

// play executes move m on q, the position before the move with the mover still to move.
// capture says whether m is a capture move (tier N1 or M1). q is left as the board after the
// move; side to move and block are set by finish. A budget > 0 gives up after that many
// relays, leaving the move undecided (cut). With a meter (a game's budget, see
// Game.SetBudget) the relays also count against it, and a move is cut when it runs out.
func (g bao4) play(q *Position, m Move, capture bool, budget int, t *Trace) b4out {
	if g.meter == nil {
		return g.run(q, m, capture, &budget, t)
	}
	left := *g.meter
	if left <= 0 {
		return b4out{cut: true}
	}
	if budget > 0 && budget < left {
		left = budget
	}
	start := left
	out := g.run(q, m, capture, &left, t)
	*g.meter -= start - left
	return out
}

// run is play with the budget counted down in place.
func (g bao4) run(q *Position, m Move, capture bool, budget *int, t *Trace) (out b4out) {
	me := q.toMove
	r, ro := q.v.ring[me], q.v.ring[me.Other()]
	k := b4k(m.Pit)
	namua := q.bank[me] > 0
	// Takasia stops only a mtaji takasa of the restricted player (5.6 step 3).
	stopAt := NoPit
	if !namua && !capture && q.block != NoPit && q.v.Owner(q.block) == me {
		stopAt = q.block
	}
	// 5.6 step 3 exception: the first lap of a move from the functional nyumba does not stop.
	fromHouse := false

	var L, st int
	switch {
	case namua:
		q.bank[me]--
		q.pits[m.Pit]++
		t.addLap(Placed, NoPit, r, k, 1, 1)
		if capture {
			// 5.2: the placed seed is the first lap; st = 0 means no direction yet, so the
			// kichwa of the first capture is the player's choice (5.5).
			L = k
			break
		}
		st = b4step(k, m.Dir)
		n := int(q.pits[m.Pit])
		if k == b4Nyumba && q.house[me] && n-1 >= 6 && !(g.lamu && n-1 == 6) {
			// 5.4 tax: exactly 2 seeds leave a functional nyumba, which stays owned. Lamu D2:
			// never below 6, so a 6-seed kuu (7 with the new seed) is emptied instead (below).
			q.pits[m.Pit] -= 2
			L = sow(&q.pits, r, wrap(k+st, b4Loop), st, 2)
			t.addLap(Tax, m.Pit, r, wrap(k+st, b4Loop), st, 2)
			t.addEvent(HouseTaxed, m.Pit, 2)
			break
		}
		L = g.lift(q, r, k, st, Ordinary, t)
	default:
		st = b4step(k, m.Dir)
		fromHouse = k == b4Nyumba && q.house[me] && q.pits[m.Pit] >= 6
		L = g.lift(q, r, k, st, Ordinary, t)
	}

	// Most moves end within a few laps, so cycles are looked for only from boundary
	// b4slowLaps on: a sowing that never ends repeats from any of its boundaries on, so the
	// detection stays exact, and the first boundary is never compared.
	var cyc lapCycle
	boundaries := 0
	slow := 0 // relays since the packed loop last ran
	for first := true; ; first = false {
		if t == nil && slow >= b4slowLaps {
			var res b4relay
			L, res = g.relays(q, L, st, capture, stopAt, budget)
			switch res {
			case relayEnded:
				out.ok = true
				return out
			case relayCycle:
				return b4out{}
			case relayCut:
				return b4out{cut: true}
			}
			slow = 0
		}
		x := Pit(r[L])
		if q.pits[x] == 1 { // 1: lands empty
			out.ok = true
			return out
		}
		if capture && L < 8 {
			if o := Pit(ro[7-L]); q.pits[o] > 0 { // 2: capture
				L, st = g.capture(q, m, L, st, &out, t)
				if out.hamna {
					out.ok = true
					return out
				}
				continue
			}
		}
		if x == stopAt && !(first && fromHouse) { // 3: takasia stop
			t.addEvent(TakasiaStop, x, int(q.pits[x]))
			out.ok = true
			return out
		}
		if L == b4Nyumba && q.house[me] && q.pits[x] >= 6 && namua { // 4: the nyumba
			if !capture { // 4b: a namua takasa ends in the nyumba
				t.addEvent(HouseStop, x, int(q.pits[x]))
				out.ok = true
				return out
			}
			out.decision = true // 4a
			if !m.Safari {
				t.addEvent(HouseStop, x, int(q.pits[x]))
				out.ok = true
				return out
			}
			t.addEvent(SafariTaken, x, int(q.pits[x]))
		} // 4c: in mtaji the sowing must go on
		if boundaries++; boundaries >= b4slowLaps {
			if cfg := b4config(q, L, st, capture); cyc.repeats(&cfg) {
				return b4out{}
			}
		}
		if *budget--; *budget == 0 {
			return b4out{cut: true}
		}
		L = g.lift(q, r, L, st, Relay, t) // 5: relay
		slow++
	}
}

// lift empties ring pit k (destroying an owned nyumba, rules 3) and sows its seeds as an
// ordinary lap from the next pit; it returns the landing index.
func (g bao4) lift(q *Position, r []uint8, k, st int, kind LapKind, t *Trace) int {
	me := q.toMove
	x := Pit(r[k])
	n := int(q.pits[x])
	q.pits[x] = 0
	if k == b4Nyumba && q.house[me] {
		q.house[me] = false
		t.addEvent(HouseDestroyed, x, n)
	}
	start := wrap(k+st, b4Loop)
	t.addLap(kind, x, r, start, st, n)
	return sow(&q.pits, r, start, st, n)
}

// capture takes the opponent's pit facing front pit L and sows it as a capture lap from the
// kichwa chosen by 5.5; it returns the landing index and the direction now in force.
func (g bao4) capture(q *Position, m Move, L, st int, out *b4out, t *Trace) (int, int) {
	me, op := q.toMove, q.toMove.Other()
	r, ro := q.v.ring[me], q.v.ring[op]
	o := Pit(ro[7-L])
	c := int(q.pits[o])
	q.pits[o] = 0
	if o == q.block {
		out.tookBlock = true
	}
	if 7-L == b4Nyumba && q.house[op] { // capturing his nyumba destroys it (rules 3 (b))
		q.house[op] = false
		t.addEvent(HouseDestroyed, o, c)
	}
	// 5.5: a kimbi capture uses its own side's kichwa (reversing if need be); a central one
	// keeps the direction, or, for a namua move's first capture (st == 0), the chosen side.
	switch {
	case L <= 1:
		st = 1
	case L >= 6:
		st = -1
	case st == 0 && m.Dir == Left: // the left kichwa, then clockwise (README 3.1)
		st = 1
	case st == 0:
		st = -1
	}
	kk := 0
	if st < 0 {
		kk = 7
	}
	t.addCapture(CaptureEvent{Pit: o, Seeds: c, Kichwa: Pit(r[kk]), Dir: b4dir(0, st)})
	t.addLap(Captured, NoPit, r, kk, st, c)
	L = sow(&q.pits, r, kk, st, c)
	// 6.1: bao hamna ends the move once its capture lap is sown.
	empty := true
	for j := range 8 {
		if q.pits[ro[j]] != 0 {
			empty = false
			break
		}
	}
	out.hamna = empty
	return L, st
}
