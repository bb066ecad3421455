package engine

import (
	"errors"
	"testing"
)

// b4RandomBoard spreads the 64 seeds at random over the 32 pits (and, in namua, the
// reserves), with random houses and a random takasia: boards that play never reaches, where
// relay sowing runs long.
func b4RandomBoard(v *Variant, i uint64) Position {
	r := NewRand(18, i)
	p := v.Start()
	p.pits = [48]uint8{}
	p.toMove = Side(r.IntN(2))
	p.bank = [2]uint8{}
	seeds := 64
	if r.IntN(4) == 0 { // namua
		p.bank[South], p.bank[North] = uint8(r.IntN(8)), uint8(r.IntN(8))
		seeds -= int(p.bank[South] + p.bank[North])
	}
	for range seeds {
		p.pits[r.IntN(32)]++
	}
	p.house = [2]bool{r.IntN(2) == 0, r.IntN(2) == 0}
	p.block = NoPit
	if p.bank[p.toMove] == 0 && r.IntN(3) == 0 {
		p.block = Pit(v.ring[p.toMove][r.IntN(16)])
	}
	return p
}

// eachB4Candidate calls f with every candidate move of every tier of the first n random boards,
// and of the boards numbered more, of each 4x8 game that are valid positions.
func eachB4Candidate(n uint64, f func(g bao4, p Position, cd b4cand), more ...uint64) {
	var boards []uint64
	for i := range n {
		boards = append(boards, i)
	}
	for _, v := range []*Variant{Kiswahili, Kete} {
		g := v.rules.(bao4)
		for _, i := range append(boards, more...) {
			p := b4RandomBoard(v, i)
			if v.rules.check(&p) != nil {
				continue
			}
			var c b4cands
			g.candidates(&p, &c)
			for _, cd := range c.list[:c.n] {
				f(g, p, cd)
			}
		}
	}
}

// TestBao4PackedRelays: the packed relay loop, which plays the long sowings of children and
// status, agrees with the general loop, which Trace uses, on boards made for long sowings:
// same board, same outcome, every candidate of every tier.
func TestBao4PackedRelays(t *testing.T) {
	// The first 3,000 boards hold one whose sowing never ends, board 2252: the short run's 300
	// boards are too few to meet one by chance, so it takes that one besides.
	n, more := uint64(3000), []uint64(nil)
	if testing.Short() {
		n, more = 300, []uint64{2252}
	}
	long, never := 0, 0
	eachB4Candidate(n, func(g bao4, p Position, cd b4cand) {
		for _, safari := range []bool{false, true} {
			m := cd.m
			m.Safari = safari
			fast, slow := p, p
			var tr Trace
			of := g.play(&fast, m, cd.capture, 0, nil)
			os := g.play(&slow, m, cd.capture, 0, &tr)
			// a never-ending sowing may be caught at different laps: its board is moot
			if of != os || of.ok && fast != slow {
				t.Fatalf("%s %s: packed %+v %s, general %+v %s", p, p.v.FormatMove(m), of, fast, os, slow)
			}
			if len(tr.Laps) > 3*b4slowLaps {
				long++
			}
			if !of.ok && !of.cut {
				never++
			}
		}
	}, more...)
	if long == 0 || never == 0 {
		t.Fatalf("%d candidates ran long enough to use the packed loop, %d never ended: too few", long, never)
	}
	t.Logf("%d plays of more than %d laps, %d never-ending", long, 3*b4slowLaps, never)
}

// TestB4PackRing: the packed ring starts at the relay pit and runs in the direction of
// sowing, flags exactly the special pits, and unpacks to the board it came from.
func TestB4PackRing(t *testing.T) {
	for i := range uint64(200) {
		p := b4RandomBoard(Kiswahili, i)
		r := NewRand(19, i)
		L, st, special := r.IntN(b4Loop), 2*r.IntN(2)-1, uint16(r.Uint32())
		ring := p.v.ring[p.toMove]
		a := packRing(&p.pits, ring, L, st, special)
		for j := range b4Loop {
			k := (L + st*j) & (b4Loop - 1)
			b := uint8(a[j>>3] >> (8 * (j & 7)))
			if b&^b4special != p.pits[ring[k]] || (b&b4special != 0) != (special&(1<<k) != 0) {
				t.Fatalf("%s from %d step %d, special %016b: byte %d is %#x", p, L, st, special, j, b)
			}
		}
		q := p
		for _, x := range ring {
			q.pits[x] = 0
		}
		if a.unpack(&q.pits, ring, L, st); q != p {
			t.Fatalf("%s from %d step %d: unpacks to %s", p, L, st, q)
		}
	}
}

// TestGameBudget: a game with a budget reports a move that would cost more relay laps than it
// has left as ErrBudget, at once, and plays cheap moves as before.
func TestGameBudget(t *testing.T) {
	const long = "5,1,3,4,1,2,5,6/1,11,4,1,0,7,0,3/0,0,0,1,0,0,0,1/2,1,0,0,2,1,1,1 N 0-0 - -"
	p, err := ParsePosition(Kiswahili, long)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		token   string
		budget  int
		wantErr error
	}{
		{"a6<*", 1000, nil},           // the direction is given: a6> is never played
		{"a6", 1_000_000, ErrBudget},  // both directions: a6> needs 8,381,817 laps
		{"a6>", 1_000_000, ErrBudget}, // the never-ending one itself
		// Proven never-ending in 8,381,817 laps, a 16th of its period on the board (134,108,944
		// laps: the turned ring repeats sooner); the token plays it three times: to find it
		// illegal, to say why, and for the legal moves the error lists.
		{"a6>", 26_000_000, ErrNeverEnding},
		{"a6>", 16_000_000, ErrBudget},
		{"a7<", 1000, nil},            // a pit with cheap moves only
		{"a6<*", 0, nil},              // no budget
		{"b8<", 1_000_000, ErrBudget}, // illegal, but the error lists every legal move
		{"z9", 1000, ErrBadMove},      // no move to check
	}
	for _, tt := range tests {
		g := NewGame(p)
		g.SetBudget(tt.budget)
		_, err := g.PlayToken(tt.token)
		if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
			t.Errorf("%s with budget %d: %v, want %v", tt.token, tt.budget, err, tt.wantErr)
		}
	}
}

// TestB4LandsEmpty: a takasa that the count test anyMove asks first says ends at once does
// end, within its first lap, on boards made for odd cases (houses, takasia, namua, crowded
// and sparse rows); and the test says so of many candidates.
func TestB4LandsEmpty(t *testing.T) {
	quick, takasa := 0, 0
	eachB4Candidate(5000, func(g bao4, p Position, cd b4cand) {
		if cd.capture {
			return
		}
		takasa++
		if !b4landsEmpty(&p, cd.m) {
			return
		}
		quick++
		q := p
		var tr Trace
		if out := g.play(&q, cd.m, false, 0, &tr); !out.ok || len(tr.Laps) > 2 { // namua: the seed put in, then the lap
			t.Fatalf("%s %s: lands in an empty pit, but plays %+v in %d laps", p, p.v.FormatMove(cd.m), out, len(tr.Laps))
		}
	})
	if quick == 0 || quick == takasa {
		t.Fatalf("the count test says %d of %d takasas end at once", quick, takasa)
	}
	t.Logf("the count test says %d of %d takasas end at once", quick, takasa)
}
