package engine

import "encoding/binary"

// wrap brings a loop index back into 0..n-1 after a step of at most n either way.
func wrap(k, n int) int {
	if k >= n {
		return k - n
	}
	if k < 0 {
		return k + n
	}
	return k
}

// sow drops n seeds one by one along the loop r, the first into r[k], stepping by st (+1 or
// -1), and returns the loop index of the pit that got the last seed. Every sowing game shares
// it: whole circuits are added at once, so a lap of 40 seeds costs no more than one of 8.
func sow(pits *[48]uint8, r []uint8, k, st, n int) int {
	l := len(r)
	if n >= l {
		full := uint8(n / l)
		for _, x := range r {
			pits[x] += full
		}
		n %= l
		if n == 0 {
			return wrap(k-st, l)
		}
	}
	for range n - 1 {
		pits[r[k]]++
		k = wrap(k+st, l)
	}
	pits[r[k]]++
	return k
}

// lapCfg is a sowing configuration at a lap boundary, packed so that two can be compared in
// five word comparisons: the counts of pits 0..31 (every pit of the sowing games) in w, and in
// meta what else the game's laps depend on (the pit the next lap starts from, direction,
// mode, houses, stores).
type lapCfg struct {
	w    [4]uint64
	meta uint64
}

// packLap packs the pit counts with meta.
func packLap(pits *[48]uint8, meta uint64) lapCfg {
	c := lapCfg{meta: meta}
	for i := range c.w {
		c.w[i] = binary.LittleEndian.Uint64(pits[8*i:])
	}
	return c
}

func (c *lapCfg) eq(d *lapCfg) bool {
	return c.w[0] == d.w[0] && c.w[1] == d.w[1] && c.w[2] == d.w[2] && c.w[3] == d.w[3] && c.meta == d.meta
}

// lapCycle detects, in constant memory, that the lap-boundary configurations of a move have
// started to repeat, which proves the move never ends: rules README 2.3 makes such a move
// illegal and asks for exact detection even when the period runs to hundreds of millions of
// laps. It is Brent's algorithm with one addition: the first configuration is kept as a fixed
// anchor, since long never-ending moves are as a rule periodic from their first relay, and
// the anchor finds them after one period instead of up to two. Both compare states of the same
// sequence, so detection stays exact.
type lapCycle struct {
	anchor, saved lapCfg
	power, lam    int
}

// repeats records x and reports whether the sequence has provably entered a cycle.
func (c *lapCycle) repeats(x *lapCfg) bool {
	if c.power == 0 {
		c.anchor, c.saved, c.power, c.lam = *x, *x, 1, 1
		return false
	}
	if x.eq(&c.saved) || x.eq(&c.anchor) {
		return true
	}
	if c.lam == c.power {
		c.saved, c.power, c.lam = *x, 2*c.power, 0
	}
	c.lam++
	return false
}
