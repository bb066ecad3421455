package engine

// The 4x8 move generator: tiers and filters of rules bao-la-kiswahili.md section 4 and the
// Lamu differences of bao-la-kete.md (D2 in play, D3 and D4 here).

// gen appends p's legal moves to dst. With probe set it only asks whether one exists: it
// appends nothing, sets no flags and returns at the first legal move, which is what the Wins
// flag, takasia creation and status need.
func (g bao4) gen(p *Position, dst []Child, probe bool) ([]Child, bool) {
	me := p.toMove
	r := p.v.ring[me]
	var occ uint8 // occupied front pits, bit k
	for k := range 8 {
		if p.pits[r[k]] != 0 {
			occ |= 1 << k
		}
	}
	if occ == 0 { // bao hamna already: he has lost (6.1)
		return dst, false
	}
	if p.bank[me] > 0 {
		return g.genNamua(p, dst, occ, probe)
	}
	return g.genMtaji(p, dst, occ, probe)
}

// b4lone reports the front-row filter (4.3): a lone kichwa sown toward the back row would
// empty the front row, and that is the only way a move can.
func b4lone(occ uint8, k, st int) bool {
	return occ == 1<<k && (k == 0 && st < 0 || k == 7 && st > 0)
}

// try plays candidate m. Unless probing, a legal m is appended with its flags and result.
func (g bao4) try(p *Position, dst []Child, m Move, capture, probe bool) ([]Child, b4out) {
	if probe {
		q := *p
		return dst, g.play(&q, m, capture, nil)
	}
	dst = append(dst, Child{Move: m, Position: *p})
	c := &dst[len(dst)-1]
	out := g.play(&c.Position, m, capture, nil)
	if !out.ok {
		return dst[:len(dst)-1], out
	}
	g.finish(p, &c.Position, &c.Move, capture, out, nil)
	return dst, out
}

// genNamua: tier N1 captures, else tier N2 takasa (4.1).
func (g bao4) genNamua(p *Position, dst []Child, occ uint8, probe bool) ([]Child, bool) {
	me := p.toMove
	r, ro := p.v.ring[me], p.v.ring[me.Other()]
	found := false
	var out b4out
	for k := range 8 {
		if occ&(1<<k) == 0 || p.pits[ro[7-k]] == 0 {
			continue
		}
		// The kichwa side: forced left at columns 1-2, right at 7-8, chosen at 3-6.
		lo, hi := Left, Right
		if k <= 1 {
			hi = Left
		} else if k >= 6 {
			lo = Right
		}
		for d := lo; d <= hi; d++ {
			m := Move{Pit: Pit(r[k]), Dir: d}
			if dst, out = g.try(p, dst, m, true, probe); out.ok {
				if probe {
					return dst, true
				}
				found = true
			}
			if out.decision { // the same move, but going on from the nyumba: safari
				m.Safari = true
				if dst, out = g.try(p, dst, m, true, probe); out.ok {
					if probe {
						return dst, true
					}
				}
			}
		}
	}
	if found {
		return dst, true
	}
	// Tier N2: which pit may take the reserve seed is read on the position, before any
	// candidate is tried; there is no fallback when the ones allowed are all filtered out.
	var big uint8
	for k := range 8 {
		if p.pits[r[k]] >= 2 {
			big |= 1 << k
		}
	}
	var elig uint8
	switch {
	case p.house[me] && p.pits[r[b4Nyumba]] >= 6: // functional nyumba: singletons too, not the nyumba
		elig = occ &^ (1 << b4Nyumba)
		if elig == 0 {
			elig = 1 << b4Nyumba // the tax move
		}
	case big != 0:
		elig = big
	default:
		elig = occ
	}
	for k := range 8 {
		if elig&(1<<k) == 0 {
			continue
		}
		for st := -1; st <= 1; st += 2 {
			if b4lone(occ, k, st) {
				continue
			}
			m := Move{Pit: Pit(r[k]), Dir: b4dir(k, st)}
			if dst, out = g.try(p, dst, m, false, probe); out.ok {
				if probe {
					return dst, true
				}
				found = true
			}
		}
	}
	return dst, found
}

// genMtaji: tier M1 captures (Lamu D4: those that take the obliged pit, if any do), else the
// takasa tiers: Zanzibar front then back pits; Lamu the kuu (D3), then front, then back.
func (g bao4) genMtaji(p *Position, dst []Child, occ uint8, probe bool) ([]Child, bool) {
	me := p.toMove
	r := p.v.ring[me]
	obliged := g.lamu && p.block != NoPit && p.v.Owner(p.block) != me
	base := len(dst)
	var took uint32 // bit i: the i-th capture appended took the obliged pit
	found := false
	var out b4out
	for k := range b4Loop {
		for st := -1; st <= 1; st += 2 {
			if b4target(p, me, k, st) == NoPit || b4lone(occ, k, st) {
				continue
			}
			m := Move{Pit: Pit(r[k]), Dir: b4dir(k, st)}
			if dst, out = g.try(p, dst, m, true, probe); out.ok {
				if probe {
					return dst, true
				}
				if out.tookBlock {
					took |= 1 << (len(dst) - 1 - base)
				}
				found = true
			}
		}
	}
	if found {
		if obliged && took != 0 { // D4; with no capture of the pit the obligation lapses
			n := base
			for i := base; i < len(dst); i++ {
				if took&(1<<(i-base)) != 0 {
					dst[n] = dst[i]
					n++
				}
			}
			dst = dst[:n]
		}
		return dst, true
	}
	barred := -1 // the start pit forbidden by takasia against the mover
	if p.block != NoPit && p.v.Owner(p.block) == me {
		barred = b4k(p.block)
	}
	tier := func(dst []Child, lo, hi int) ([]Child, bool) {
		found := false
		for k := lo; k < hi; k++ {
			if k == barred || p.pits[r[k]] < 2 {
				continue
			}
			for st := -1; st <= 1; st += 2 {
				// A pair passing the M1 test is a capture move even when filtered out (4.2).
				if b4lone(occ, k, st) || b4target(p, me, k, st) != NoPit {
					continue
				}
				m := Move{Pit: Pit(r[k]), Dir: b4dir(k, st)}
				var out b4out
				if dst, out = g.try(p, dst, m, false, probe); out.ok {
					if probe {
						return dst, true
					}
					found = true
				}
			}
		}
		return dst, found
	}
	if g.lamu && p.house[me] && p.pits[r[b4Nyumba]] >= 6 { // D3: the kuu first
		if dst, found = tier(dst, b4Nyumba, b4Nyumba+1); found {
			return dst, true
		}
	}
	if dst, found = tier(dst, 0, 8); found {
		return dst, true
	}
	return tier(dst, 8, b4Loop)
}

// finish completes a played move: the other player is to move, and the flags, the Wins
// check and the block field are settled (5.9; Lamu 5 "hizi zetu"; 6.4).
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
	if g.lamu && p.block != NoPit && p.v.Owner(p.block) == me {
		q.block = p.block // hizi zetu: the restriction just obeyed becomes the blocker's obligation
	}
	if _, ok := g.gen(q, nil, true); !ok {
		m.Flags |= Wins
		q.block = NoPit
		t.addEvent(GameWon, NoPit, 0)
		return
	}
	if capture || p.bank[me] != 0 || q.bank[op] != 0 { // only a mtaji takasa imposes takasia
		return
	}
	if x := g.takasia(q, me); x != NoPit {
		q.block = x
		m.Flags |= Takasia
		t.addEvent(TakasiaImposed, x, int(q.pits[x]))
		// The game goes on judged without the restriction (5.9). Should the restriction itself
		// leave him no move, he has lost all the same; the block stays so that the position's
		// status agrees with the Wins flag.
		if _, ok := g.gen(q, nil, true); !ok {
			m.Flags |= Wins
			t.addEvent(GameWon, NoPit, 0)
		}
	}
}
