package engine

// Capture candidates and takasia (hizi zetu) creation, rules bao-la-kiswahili.md 4.2 and 5.9.
// Everything here is decided on the counts alone, without sowing.

// b4target is the tier M1 test (4.2) for side s lifting ring pit k in step st: a first lap of
// 2..15 seeds visits each pit at most once, so it captures iff its last pit is an occupied
// front pit facing an occupied pit. It returns that opponent pit, or NoPit.
func b4target(q *Position, s Side, k, st int) Pit {
	r := q.v.ring[s]
	n := int(q.pits[r[k]])
	if n < 2 || n > 15 { // 16-seed rule (5.7)
		return NoPit
	}
	L := (k + st*n) & (b4Loop - 1)
	if L >= 8 || q.pits[r[L]] == 0 {
		return NoPit
	}
	if o := Pit(q.v.ring[s.Other()][7-L]); q.pits[o] != 0 {
		return o
	}
	return NoPit
}

// b4threatens reports whether side s has any capture candidate.
func b4threatens(q *Position, s Side) bool {
	for k := range b4Loop {
		if b4target(q, s, k, 1) != NoPit || b4target(q, s, k, -1) != NoPit {
			return true
		}
	}
	return false
}

// takasia returns the pit that P's completed mtaji takasa puts under takasia in the resulting
// position q (5.9), or NoPit: the opponent O has no capture candidate, the first captures of
// all of P's candidates take one and the same pit t, and t is not O's functional nyumba, his
// only occupied front pit, or his only front pit holding more than one seed. The caller has
// checked that the game goes on.
func (g bao4) takasia(q *Position, P Side) Pit {
	O := P.Other()
	if b4threatens(q, O) {
		return NoPit
	}
	t := NoPit
	for k := range b4Loop {
		for st := -1; st <= 1; st += 2 {
			if x := b4target(q, P, k, st); x != NoPit {
				if t != NoPit && x != t {
					return NoPit
				}
				t = x
			}
		}
	}
	if t == NoPit {
		return NoPit
	}
	ro := q.v.ring[O]
	if Pit(ro[b4Nyumba]) == t && q.house[O] && q.pits[t] >= 6 {
		return NoPit
	}
	occupied, big := false, false // other front pits of O
	for _, x := range ro[:8] {
		if Pit(x) != t && q.pits[x] > 0 {
			occupied = true
			if q.pits[x] > 1 {
				big = true
			}
		}
	}
	if !occupied || (q.pits[t] > 1 && !big) {
		return NoPit
	}
	return t
}
