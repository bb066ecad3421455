package engine

// The 4x8 move generator: tiers and filters of rules bao-la-kiswahili.md section 4 and the
// Lamu differences of bao-la-kete.md (D2 in play, D3 and D4 here).

// b4cand is a candidate move: its choices, and whether it is a capture move.
type b4cand struct {
	m       Move
	capture bool
}

// b4cands holds a position's candidates tier by tier (README 2.4): tier i is
// list[end[i-1]:end[i]]. Every filter but the never-ending one is applied already.
type b4cands struct {
	list  [72]b4cand // at most 32 captures + 2 kuu + 16 front + 16 back pairs
	n     int
	end   [4]int
	tiers int
}

// b4lone reports the front-row filter (4.3): a lone kichwa sown toward the back row would
// empty the front row, and that is the only way a move can.
func b4lone(occ uint8, k, st int) bool {
	return occ == 1<<k && (k == 0 && st < 0 || k == 7 && st > 0)
}

// eachCandidate gives p's candidates to yield in tier order, with their tier (0, 1, …), until
// yield returns false; there are none when the mover's front row is empty (he has lost, 6.1).
// It is an iterator so that anyMove can stop at the first candidate that ends.
func (g bao4) eachCandidate(p *Position, yield func(tier int, cd b4cand) bool) {
	me := p.toMove
	tier := 0
	emit := func(k, st int, r []uint8, capture bool) bool {
		return yield(tier, b4cand{Move{Pit: Pit(r[k]), Dir: b4dir(k, st)}, capture})
	}
	r, ro := p.v.ring[me], p.v.ring[me.Other()]
	var occ, big uint8 // front pits holding >= 1 and >= 2 seeds, bit k
	for k := range 8 {
		if n := p.pits[r[k]]; n != 0 {
			occ |= 1 << k
			if n >= 2 {
				big |= 1 << k
			}
		}
	}
	if occ == 0 {
		return
	}
	if p.bank[me] > 0 {
		// Tier N1: a seed into a front pit facing an occupied pit captures. The kichwa side
		// is forced left at columns 1-2 and right at 7-8, and chosen at 3-6; in a namua
		// capture '<' is the left kichwa, which then sows clockwise (README 3.1).
		for k := range 8 {
			if occ&(1<<k) == 0 || p.pits[ro[7-k]] == 0 {
				continue
			}
			if k <= 5 && !yield(tier, b4cand{Move{Pit: Pit(r[k]), Dir: Left}, true}) {
				return
			}
			if k >= 2 && !yield(tier, b4cand{Move{Pit: Pit(r[k]), Dir: Right}, true}) {
				return
			}
		}
		tier++
		// Tier N2: which pits may take the seed is read on the position, before any
		// candidate is tried; there is no fallback when all they allow are filtered out.
		var elig uint8
		switch {
		case p.house[me] && p.pits[r[b4Nyumba]] >= 6: // functional nyumba: singletons too, not the nyumba
			elig = occ &^ (1 << b4Nyumba)
			if elig == 0 {
				elig = 1 << b4Nyumba // the tax move (Lamu D2 may empty it instead)
			}
		case big != 0:
			elig = big
		default:
			elig = occ
		}
		for k := range 8 {
			for st := -1; st <= 1 && elig&(1<<k) != 0; st += 2 {
				if !b4lone(occ, k, st) && !emit(k, st, r, false) {
					return
				}
			}
		}
		return
	}
	// Tier M1: the count test of 4.2. m1 remembers which pairs pass it (bit 2k, +1 for
	// clockwise), since the takasa tiers must leave exactly those out.
	var m1 uint32
	for k := range b4Loop {
		for st := -1; st <= 1; st += 2 {
			if b4target(p, me, k, st) != NoPit {
				m1 |= 1 << (2*k + (st+1)/2)
				if !b4lone(occ, k, st) && !emit(k, st, r, true) {
					return
				}
			}
		}
	}
	tier++
	// The start pit forbidden by takasia against the mover (5.9). 4.2 bars it in the takasa
	// tiers; a player under takasia has no capture in play, and a set-up that gives him one
	// leaves his captures alone.
	barred := -1
	if p.block != NoPit && p.v.Owner(p.block) == me {
		barred = b4k(p.block)
	}
	// Takasa tiers: pits of 2 or more seeds, never a pair that passes the M1 test (4.2).
	takasa := func(lo, hi int) bool {
		for k := lo; k < hi; k++ {
			if k == barred || p.pits[r[k]] < 2 {
				continue
			}
			for st := -1; st <= 1; st += 2 {
				if !b4lone(occ, k, st) && m1&(1<<(2*k+(st+1)/2)) == 0 && !emit(k, st, r, false) {
					return false
				}
			}
		}
		tier++
		return true
	}
	if g.lamu && p.house[me] && p.pits[r[b4Nyumba]] >= 6 {
		// Lamu D3: a functional kuu first. An owned kuu below 6 (set-ups only) is an ordinary
		// pit, as in Zanzibar (Lamu 3); a kuu whose moves are all filtered out leaves the
		// choice to the next tier (README 2.4).
		if !takasa(b4Nyumba, b4Nyumba+1) {
			return
		}
	}
	if takasa(0, 8) { // front pits, the nyumba and the kichwas included (M2)
		takasa(8, b4Loop) // back pits (M3)
	}
}

// candidates lists p's candidates by tier (README 2.4).
func (g bao4) candidates(p *Position, c *b4cands) {
	g.eachCandidate(p, func(tier int, cd b4cand) bool {
		for c.tiers <= tier {
			c.end[c.tiers] = c.n
			c.tiers++
		}
		c.list[c.n] = cd
		c.n++
		c.end[tier] = c.n
		return true
	})
}

// children lists every legal move with its result: the first tier with a legal move (the
// hot path: nothing is allocated beyond dst).
func (g bao4) children(pos Position, dst []Child) []Child {
	p := &pos
	var c b4cands
	g.candidates(p, &c)
	// Lamu D4: the mover must capture the pit he put under hizi zetu, if he can.
	obliged := g.lamu && p.block != NoPit && p.v.Owner(p.block) != p.toMove
	lo := 0
	for ti := range c.tiers {
		base := len(dst)
		var took uint64 // bit i: the i-th move appended captured the obliged pit
		for _, cd := range c.list[lo:c.end[ti]] {
			var out b4out
			if dst, out = g.try(p, dst, cd.m, cd.capture); out.ok && out.tookBlock {
				took |= 1 << (len(dst) - 1 - base)
			}
			if out.decision { // the same capture going on from the nyumba: safari
				m := cd.m
				m.Safari = true
				dst, _ = g.try(p, dst, m, true)
			}
		}
		if len(dst) > base {
			if obliged && took != 0 { // with no capture of the pit the obligation lapses
				n := base
				for i := base; i < len(dst); i++ {
					if took&(1<<(i-base)) != 0 {
						dst[n] = dst[i]
						n++
					}
				}
				dst = dst[:n]
			}
			return dst
		}
		lo = c.end[ti]
	}
	return dst
}

// try plays candidate m and appends it, with its flags and result, if it is legal.
func (g bao4) try(p *Position, dst []Child, m Move, capture bool) ([]Child, b4out) {
	dst = append(dst, Child{Move: m, Position: *p})
	c := &dst[len(dst)-1]
	out := g.play(&c.Position, m, capture, 0, nil)
	if !out.ok {
		return dst[:len(dst)-1], out
	}
	g.finish(p, &c.Position, &c.Move, capture, out, nil)
	return dst, out
}

// expand is children for a search: the Wins flag is left out where only a look for the
// opponent's moves would set it (Position.Expand).
func (g bao4) expand(pos Position, dst []Child) []Child {
	g.lazy = true
	return g.children(pos, dst)
}

// anyMove reports whether p has a legal move; the Wins flag, takasia creation (5.9) and
// status need only that. A legal move exists iff some candidate of any tier ends, since
// later tiers stand in only for empty earlier ones.
func (g bao4) anyMove(p *Position) bool {
	// Most positions have a takasa that ends at once, seen on the counts: look for one
	// first, since captures, which come first, must be played to tell.
	quick := false
	g.eachCandidate(p, func(_ int, cd b4cand) bool {
		quick = !cd.capture && b4landsEmpty(p, cd.m)
		return !quick
	})
	if quick {
		return true
	}
	// Else most have a move that ends within a few laps: try each candidate briefly as it
	// is found, and decide the rest side by side only if none does.
	var c b4cands
	found := false
	g.eachCandidate(p, func(_ int, cd b4cand) bool {
		q := *p
		if g.play(&q, cd.m, cd.capture, 64, nil).ok {
			found = true
			return false
		}
		c.list[c.n] = cd
		c.n++
		return true
	})
	return found || g.anyOf(p, c.list[:c.n])
}

// b4landsEmpty reports, on the counts alone, that takasa m's first lap lands in an empty pit,
// which ends the move there; in namua the lap lifts the pit with the seed just put in. A
// namua move at an owned nyumba (the tax, or a house stop) is left to play.
func b4landsEmpty(p *Position, m Move) bool {
	me := p.toMove
	k := b4k(m.Pit)
	n := int(p.pits[m.Pit])
	if p.bank[me] > 0 {
		if k == b4Nyumba && p.house[me] {
			return false
		}
		n++
	}
	// with at most 15 seeds the lap passes each pit once, and never comes back to its start
	return n <= 15 && p.pits[p.v.ring[me][(k+b4step(k, m.Dir)*n)&(b4Loop-1)]] == 0
}

// anyOf reports whether one of the candidates cs ends. They are run side by side with growing
// lap budgets, so that a finite move is found without first deciding a never-ending
// candidate, which can take hundreds of millions of laps.
func (g bao4) anyOf(p *Position, cs []b4cand) bool {
	var decided uint128
	left := len(cs)
	for budget := 64; left > 0 && (g.meter == nil || *g.meter > 0); budget *= 4 {
		for i, cd := range cs {
			if decided.has(i) {
				continue
			}
			q := *p
			out := g.play(&q, cd.m, cd.capture, budget, nil)
			if out.ok {
				return true
			}
			if !out.cut {
				decided.set(i)
				left--
			}
		}
	}
	return false
}

// why explains why m is not legal in p, as far as the tiers tell (README 2.4): it never ends,
// an earlier tier (a compulsory capture, say) has a legal move, or the hizi zetu obligation
// asks for another capture. "" when m is no candidate at all; the legal moves then speak.
func (g bao4) why(pos Position, m Move) (string, bool) {
	p := &pos
	var c b4cands
	g.candidates(p, &c)
	at := -1
	for i, cd := range c.list[:c.n] {
		if cd.m.Pit == m.Pit && cd.m.Dir == m.Dir {
			at = i
			break
		}
	}
	lo := 0
	for ti := range c.tiers {
		tier := c.list[lo:c.end[ti]]
		if at >= lo && at < c.end[ti] { // m's own tier
			cd := tier[at-lo]
			q := *p
			mm := cd.m
			mm.Safari = m.Safari
			switch out := g.play(&q, mm, cd.capture, 0, nil); {
			case !out.ok:
				return "it never ends: its sowing would repeat for ever", true
			case cd.capture && g.lamu && p.block != NoPit && p.v.Owner(p.block) != p.toMove && !out.tookBlock:
				return "hizi zetu: this move must capture " + p.v.PitName(p.block), false
			}
			return "", false
		}
		if g.anyOf(p, tier) { // the legal moves are this tier's
			switch {
			case tier[0].capture:
				return "a capture is possible, and capturing is compulsory", false
			case at < 0: // no candidate at all: the legal moves say enough
			case g.lamu && p.v.Row(tier[0].m.Pit) == 0 && b4k(tier[len(tier)-1].m.Pit) == b4Nyumba && b4k(tier[0].m.Pit) == b4Nyumba:
				return "the first takata of mtaji starts from the kuu (Lamu)", false
			default:
				return "a takasa from the front row is possible, so no back pit may start one", false
			}
			return "", false
		}
		lo = c.end[ti]
	}
	return "", false
}

// childrenAt lists the legal moves at pit x (the start pit, or in namua the pit that takes
// the reserve seed) in direction d (NoDir: both) with their results: what reading one move
// token needs. It plays only those candidates, and the rest of a tier only as far as it takes
// to tell whether the tier holds a legal move, which is what decides the legal set (README
// 2.4): a token with a direction never pays for the other direction's never-ending sowing.
func (g bao4) childrenAt(pos Position, x Pit, d Dir, dst []Child) []Child {
	p := &pos
	dst = dst[:0]
	if g.lamu && p.block != NoPit && p.v.Owner(p.block) != p.toMove {
		// The hizi zetu obligation filters a whole tier by what each move captures.
		return atPit(g.children(pos, dst), x, d)
	}
	var c b4cands
	g.candidates(p, &c)
	lo := 0
	for ti := range c.tiers {
		tier := c.list[lo:c.end[ti]]
		base := len(dst)
		for _, cd := range tier {
			if cd.m.Pit != x || d != NoDir && cd.m.Dir != d {
				continue
			}
			var out b4out
			if dst, out = g.try(p, dst, cd.m, cd.capture); out.decision {
				m := cd.m
				m.Safari = true
				dst, _ = g.try(p, dst, m, true)
			}
		}
		if len(dst) > base || g.anyOf(p, tier) {
			return dst
		}
		lo = c.end[ti]
	}
	return dst
}

// uint128 is a small bit set for the candidate list.
type uint128 [2]uint64

func (u *uint128) has(i int) bool { return u[i>>6]&(1<<(i&63)) != 0 }
func (u *uint128) set(i int)      { u[i>>6] |= 1 << (i & 63) }

// finish completes a played move: the other player is to move, and the flags, the Wins
// check and the block field are settled (5.9; Lamu 5 "hizi zetu"; 6.4).
//
// Readings for set-up positions, which play cannot reach (Lamu 5 shows that a restriction
// and an obligation never meet in play):
//   - a restriction turns into the blocker's obligation only if the blocker's reserve is
//     empty: the obligation is a mtaji rule, and BPN allows no block while the player to
//     move holds reserve seeds (spec 3.4);
//   - if the restricted player's takasa imposes takasia in turn, the new takasia takes the
//     BLOCK field: the blocker then has no capture candidate (5.9 step 1), so his
//     obligation would have lapsed anyway (Lamu 4.2).
func (g bao4) finish(p, q *Position, m *Move, capture bool, out b4out, t *Trace) {
	me := p.toMove
	op := me.Other()
	q.toMove = op
	q.block = NoPit
	if !capture {
		m.Flags |= Takasa
	}
	if out.hamna {
		m.Flags |= Wins
		t.addEvent(GameWon, NoPit, 0)
		return
	}
	if g.lamu && p.block != NoPit && p.v.Owner(p.block) == me && q.bank[op] == 0 {
		// hizi zetu: the restriction just obeyed becomes the blocker's obligation (a mtaji
		// rule: a set-up blocker who still has reserve seeds is obliged to nothing).
		q.block = p.block
	}
	// x is the pit put under takasia, if any: only a mtaji takasa imposes takasia.
	x := NoPit
	if !capture && p.bank[me] == 0 && q.bank[op] == 0 {
		x = g.takasia(q, me)
	}
	// Whether the opponent can move sets the Wins flag, and it decides the block field: a
	// game that is over has none. Expand leaves the look out where only the flag needs it.
	if (!g.lazy || x != NoPit || q.block != NoPit) && !g.anyMove(q) {
		m.Flags |= Wins
		q.block = NoPit
		t.addEvent(GameWon, NoPit, 0)
		return
	}
	if x == NoPit {
		return
	}
	q.block = x
	m.Flags |= Takasia
	t.addEvent(TakasiaImposed, x, int(q.pits[x]))
	// The game goes on judged without the restriction (5.9). Should the restriction itself
	// leave him no move, he has lost all the same; the block stays so that the position's
	// status agrees with the Wins flag.
	if !g.lazy && !g.anyMove(q) {
		m.Flags |= Wins
		t.addEvent(GameWon, NoPit, 0)
	}
}
