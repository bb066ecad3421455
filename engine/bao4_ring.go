package engine

// The packed relay loop of the 4x8 games. A never-ending takasa can take a hundred million
// laps to prove (README 2.3), so the laps after the first few run here: the mover's 16 ring
// pits are packed one byte each into two words (byte k = ring index k), and a lap of n seeds
// is a precomputed mask added to each word. No count exceeds 64, so bytes never carry into
// each other.

// b4ring is the mover's ring, packed.
type b4ring [2]uint64

const b4ones = 0x0101010101010101

// b4lap[d][k][n] is a lap lifted from ring pit k that sows n%16 seeds past whole circuits,
// clockwise (d = 1) or anticlockwise (d = 0): clear is pit k's byte, add one seed in each of
// the n pits after k.
var b4lap [2][b4Loop][b4Loop]struct{ clear, add b4ring }

func init() {
	for d, st := range [2]int{-1, 1} {
		for k := range b4Loop {
			for n := range b4Loop {
				e := &b4lap[d][k][n]
				e.clear[k>>3] = 0xff << (8 * (k & 7))
				for i := 1; i <= n; i++ {
					j := wrap(k+st*i, b4Loop)
					e.add[j>>3] |= 1 << (8 * (j & 7))
				}
			}
		}
	}
}

// packRing packs the counts of ring r.
func packRing(pits *[48]uint8, r []uint8) b4ring {
	var a b4ring
	for k := range b4Loop {
		a[k>>3] |= uint64(pits[r[k]]) << (8 * (k & 7))
	}
	return a
}

// unpack writes the counts back.
func (a *b4ring) unpack(pits *[48]uint8, r []uint8) {
	for k := range b4Loop {
		pits[r[k]] = uint8(a[k>>3] >> (8 * (k & 7)))
	}
}

// b4relay is where relays stopped.
type b4relay uint8

const (
	relayOn    b4relay = iota // the lap at L needs play's general loop (a capture, an owned nyumba)
	relayEnded                // the move ended (empty pit or takasia stop)
	relayCycle                // the configurations repeat: the move never ends
	relayCut                  // the budget ran out
)

// relays runs relay laps from ring pit L, as play's loop would with no trace and after the
// first boundary, until a lap needs the general loop or the move is decided. It leaves q as
// the board then and returns the landing index; *budget counts down relays as in play (0:
// no limit).
//
// It detects cycles on its own: nothing but the mover's ring changes here, so a configuration
// of these laps can repeat only one of these laps, and comparing the ring alone is exact. A
// lap handed back to play is a capture (the opponent's seeds shrink) or one at an owned nyumba
// (which ends the move or, lifted, destroys the house), so no later configuration repeats one
// of here.
func (g bao4) relays(q *Position, L, st int, capture bool, stopAt Pit, budget *int) (int, b4relay) {
	me := q.toMove
	r, ro := q.v.ring[me], q.v.ring[me.Other()]
	a := packRing(&q.pits, r)
	stopK := -1
	if stopAt != NoPit {
		stopK = b4k(stopAt)
	}
	// captureAt has bit L set where a capture move would capture: the facing pit is
	// occupied. No capture happens here, so it stays as it is.
	var captureAt uint16
	for j := range 8 {
		if capture && q.pits[ro[j]] > 0 {
			captureAt |= 1 << (7 - j)
		}
	}
	// special has bit k set where a lap at k needs play's general loop or ends the move: a
	// capture, the takasia stop, an owned nyumba (lifting it destroys the house, and play's
	// loop records that). The hot loop tests only that bit and the landing count.
	special := captureAt
	if stopK >= 0 {
		special |= 1 << stopK
	}
	if q.house[me] {
		special |= 1 << b4Nyumba
	}
	cy := b4brent{an: [3]uint64{a[0], a[1], uint64(L)}, power: 1}
	cy.sv = cy.an
	var res b4relay
	a[0], a[1], L, *budget, res = b4spin(a[0], a[1], L, st, special, &b4lap[(st+1)/2], &cy, *budget)
	if res == relayOn && L == stopK && captureAt&(1<<L) == 0 {
		res = relayEnded
	}
	a.unpack(&q.pits, r)
	return L, res
}

// b4brent is Brent's cycle detection with a fixed anchor, as lapCycle, on the ring and the
// relay pit (all else is constant in relays).
type b4brent struct {
	an, sv [3]uint64
	power  int
}

// b4spin is relays' hot loop, on its own so that the ring stays in two registers: a lap is a
// precomputed mask added. It stops at a lap that lands empty (relayEnded), one at a special
// pit (relayOn), a repeat (relayCycle) or when left runs out (relayCut), and returns the ring,
// the landing index and what is left.
func b4spin(a0, a1 uint64, L, st int, special uint16, laps *[b4Loop][b4Loop]struct{ clear, add b4ring }, cy *b4brent, left int) (uint64, uint64, int, int, b4relay) {
	lam := 0
	for {
		L &= b4Loop - 1
		// pit L's count, from a0 or a1 without a branch (Go shifts of 64 or more give 0)
		sh := uint(8 * L)
		c := int(uint8(a0>>sh | a1>>(sh-64)))
		if c == 1 {
			return a0, a1, L, left, relayEnded
		}
		if special&(1<<L) != 0 {
			return a0, a1, L, left, relayOn
		}
		// the anchor, saved at entry, is not compared with itself (lam = 0 only then)
		if a0 == cy.sv[0] && a1 == cy.sv[1] && uint64(L) == cy.sv[2] && lam > 0 ||
			a0 == cy.an[0] && a1 == cy.an[1] && uint64(L) == cy.an[2] && lam > 0 {
			return a0, a1, L, left, relayCycle
		}
		if lam == cy.power {
			cy.sv, cy.power, lam = [3]uint64{a0, a1, uint64(L)}, 2*cy.power, 0
		}
		lam++
		if left--; left == 0 {
			return a0, a1, L, left, relayCut
		}
		// lift pit L and sow its c seeds from the next pit
		e := &laps[L][c&(b4Loop-1)]
		full := uint64(c/b4Loop) * b4ones
		a0 = a0&^e.clear[0] + (e.add[0] + full)
		a1 = a1&^e.clear[1] + (e.add[1] + full)
		L += st * c
	}
}
