package engine

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

// cycle detects, in constant memory, that a sequence of lap-boundary configurations has
// started to repeat (Brent's algorithm): rules README 2.3 makes such a move illegal and asks
// for exact detection even when the period runs to millions of laps.
type cycle[T comparable] struct {
	saved      T
	power, lam int
	started    bool
}

// repeats records x and reports whether it equals a configuration seen before in a way that
// proves the sequence is periodic from here on.
func (c *cycle[T]) repeats(x T) bool {
	if c.started && x == c.saved {
		return true
	}
	if !c.started || c.lam == c.power {
		c.saved, c.started = x, true
		if c.power == 0 {
			c.power = 1
		} else {
			c.power *= 2
		}
		c.lam = 0
	}
	c.lam++
	return false
}
