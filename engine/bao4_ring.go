package engine

// The packed relay loop of the 4x8 games. A never-ending takasa can go a hundred million laps
// before its board repeats (README 2.3), so the laps after the first few run here: the mover's 16 ring
// pits are packed one byte each into two words, counted from the relay pit in the direction
// of sowing (byte j: j pits on), so that a lap lifts byte 0, turns the ring by the seeds it
// sows and adds one precomputed mask, the same wherever on the ring it is. A pit where a lap
// needs more than that is flagged in its own byte (b4special), so the loop never asks where
// it is. No count exceeds 64, so bytes never carry into each other or into the flag.

// b4ring is the mover's ring, packed from the relay pit on.
type b4ring [2]uint64

const (
	b4ones    = 0x0101010101010101
	b4special = 0x80 // a pit's flag: a lap there is not the loop's to play
)

// b4sown[c] is what a lap of c seeds adds to the ring, turned so that its last pit is byte 0:
// c/16 seeds to every pit for the whole circuits, and one to each of the other c%16 pits it
// sows into, bytes 16-c%16+1..15 and 0. It has an entry for every byte value, so indexing
// needs no bounds check; counts above 64 never come.
var b4sown [256]b4ring

func init() {
	for c := range b4sown {
		n := c % b4Loop
		for j := b4Loop - n + 1; j <= b4Loop && n > 0; j++ {
			b := j & (b4Loop - 1)
			b4sown[c][b>>3] |= 1 << (8 * (b & 7))
		}
		for i := range b4sown[c] {
			b4sown[c][i] += uint64(c/b4Loop) * b4ones
		}
	}
}

// packRing packs the counts of ring r from ring pit L in step st, flagging the ring pits
// whose bit is set in special.
func packRing(pits *[48]uint8, r []uint8, L, st int, special uint16) b4ring {
	var a b4ring
	for j := range b4Loop {
		k := (L + st*j) & (b4Loop - 1)
		b := uint64(pits[r[k]])
		if special&(1<<k) != 0 {
			b |= b4special
		}
		a[j>>3] |= b << (8 * (j & 7))
	}
	return a
}

// unpack writes the counts back, the ring being at ring pit L in step st.
func (a *b4ring) unpack(pits *[48]uint8, r []uint8, L, st int) {
	for j := range b4Loop {
		pits[r[(L+st*j)&(b4Loop-1)]] = uint8(a[j>>3]>>(8*(j&7))) &^ b4special
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
// of these laps can repeat only one of these laps. A lap is the same function of the packed
// ring wherever it starts (the flags travel with their pits), so a packed ring that repeats,
// even turned, repeats for ever, and comparing it alone is exact. A lap handed back to play
// is a capture (the opponent's seeds shrink) or one at an owned nyumba (which ends the move
// or, lifted, destroys the house), so no later configuration repeats one of here.
func (g bao4) relays(q *Position, L, st int, capture bool, stopAt Pit, budget *int) (int, b4relay) {
	me := q.toMove
	r, ro := q.v.ring[me], q.v.ring[me.Other()]
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
	// loop records that).
	special := captureAt
	if stopK >= 0 {
		special |= 1 << stopK
	}
	if q.house[me] {
		special |= 1 << b4Nyumba
	}
	a := packRing(&q.pits, r, L, st, special)
	cy := b4brent{an: a, sv: a, power: 1}
	var res b4relay
	var moved int
	a[0], a[1], moved, *budget, res = b4spin(a[0], a[1], &cy, *budget)
	L = (L + st*moved) & (b4Loop - 1)
	if res == relayOn && L == stopK && captureAt&(1<<L) == 0 {
		res = relayEnded
	}
	a.unpack(&q.pits, r, L, st)
	return L, res
}

// b4brent is Brent's cycle detection with a fixed anchor, as lapCycle, on the packed ring.
type b4brent struct {
	an, sv b4ring
	power  int
}

// b4spin is relays' hot loop, on its own so that the ring stays in two registers. It stops at
// a lap that lands empty (relayEnded), one at a flagged pit (relayOn), a repeat (relayCycle)
// or when left runs out (relayCut), and returns the ring, how many pits on the relay pit is
// now, and what is left.
func b4spin(a0, a1 uint64, cy *b4brent, left int) (uint64, uint64, int, int, b4relay) {
	lam, moved := 0, 0
	for {
		c := uint8(a0)                 // the relay pit's count, and its flag
		if uint8(c-2) >= b4special-2 { // 1 (it was empty), or flagged
			if c&^b4special == 1 {
				return a0, a1, moved, left, relayEnded
			}
			return a0, a1, moved, left, relayOn
		}
		// the anchor, saved at entry, is not compared with itself (lam = 0 only then)
		if a0 == cy.sv[0] && a1 == cy.sv[1] && lam > 0 || a0 == cy.an[0] && a1 == cy.an[1] && lam > 0 {
			return a0, a1, moved, left, relayCycle
		}
		if lam == cy.power {
			cy.sv, cy.power, lam = b4ring{a0, a1}, 2*cy.power, 0
		}
		lam++
		if left--; left == 0 {
			return a0, a1, moved, left, relayCut
		}
		// Lift the relay pit and turn the ring by c%16 bytes, so that the landing pit is byte
		// 0: byte j becomes byte j-c. A turn by 8 or more swaps the words first, under a mask
		// (bit 3 of c) rather than a branch, which would guess wrong half the time. Then sow
		// by adding b4sown[c]. All is read off a0 itself, to keep the chain from one lap's
		// ring to the next short.
		lifted := a0 &^ 0xff
		swap := (lifted ^ a1) & uint64(int64(a0<<60)>>63)
		x0, x1 := lifted^swap, a1^swap
		sh := uint(a0&7) << 3
		e := &b4sown[c]
		a0 = (x0>>sh | x1<<1<<(63-sh)) + e[0] // two shifts: a turn by 0 must not shift by 64
		a1 = (x1>>sh | x0<<1<<(63-sh)) + e[1]
		moved += int(c)
	}
}
