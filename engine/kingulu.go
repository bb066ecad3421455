package engine

import (
	"errors"
	"math/bits"
)

// Kingulu is Bao Kingulu (2x6), played by the Ngulu of east-central Tanzania (Klamroth 1911):
// relay sowing on one shared circuit, empty-pit captures and kuweka mtoto.
// Rules: docs/rules/bao-kingulu.md.
var Kingulu = newVariant(&Variant{
	id:      "kingulu",
	name:    "Bao Kingulu",
	summary: "2x6, Ngulu of Morogoro: relay sowing round one circuit, captures and kuweka mtoto",
	width:   6,
	rows:    1,
	aliases: []string{"bao-kingulu"},
	bank:    Stores,
	mtoto:   true,
	syntax:  syntax{capture: true, mtoto: true},
	start:   "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -",
	rules:   kingulu{},
})

// kingulu implements the rules. Pit indexes equal the circuit index c of rules section 1
// (A1..A6 = 0..5, a1..a6 = 6..11); the next pit is c+1 mod 12 and the opposite one 11-c.
// Reserved pits always hold 0: seeds dropped into them go straight to their holder's store
// (rules 5.4, "bookkeeping").
type kingulu struct{}

// errFirstLap: the first lap ended in an occupied pit of the mover's own row (rules 4.4).
var errFirstLap = errors.New("the first lap ends in an occupied pit of the mover's row")

// play executes the move from pit h. An illegal move gives errFirstLap, or ErrNeverEnding for
// relays that never end (4.5).
func (kingulu) play(p *Position, h Pit, m *Move, t *Trace) error {
	me := p.toMove
	r := p.v.ring[South] // the shared circuit
	var cyc lapCycle
	from, kind := h, Ordinary
	for first := true; ; first = false {
		n := int(p.pits[from])
		p.pits[from] = 0
		start := wrap(int(from)+1, 12)
		L := Pit(sow(&p.pits, r, start, 1, n))
		t.addLap(kind, from, r, start, 1, n)
		// Seeds that fell into reserved pits belong to their holders at once.
		for rs := p.reserved; rs != 0; rs &= rs - 1 {
			x := Pit(bits.TrailingZeros16(rs))
			if c := p.pits[x]; c != 0 {
				p.bank[Kingulu.Owner(x).Other()] += c
				p.pits[x] = 0
				t.addEvent(ReservedIncome, x, int(c))
			}
		}
		own := Kingulu.Owner(L) == me
		switch {
		case p.reserved&(1<<L) != 0: // 5.2 case 1: the move ends
			return nil
		case !own && p.pits[L] == 4: // 5.2 case 2: kuweka mtoto
			p.reserved |= 1 << L
			p.bank[me] += 4
			p.pits[L] = 0
			seeds := 4
			if pen := Pit(wrap(int(L)-1, 12)); n >= 2 && p.reserved&(1<<pen) == 0 {
				p.pits[pen]--
				p.bank[me]++
				seeds++
			}
			m.Flags |= Mtoto | Capture
			t.addCapture(CaptureEvent{Pit: L, Seeds: seeds, Kichwa: NoPit})
			t.addEvent(PitReserved, L, seeds)
			return nil
		case p.pits[L] == 1: // 5.2 case 3: the move ends, perhaps with a capture
			if o := 11 - L; own && p.pits[o] > 0 {
				t.addCapture(CaptureEvent{Pit: o, Seeds: int(p.pits[o]) + 1, Kichwa: NoPit})
				p.bank[me] += p.pits[o] + 1
				p.pits[o], p.pits[L] = 0, 0
				m.Flags |= Capture
			}
			return nil
		case first && own: // 4.4: the first lap may not end in an occupied own pit
			return errFirstLap
		}
		// The configuration at this lap boundary; a repeat proves a never-ending move.
		cfg := packLap(&p.pits, uint64(L)|uint64(p.bank[South])<<8|uint64(p.bank[North])<<16)
		if cyc.repeats(&cfg) {
			return ErrNeverEnding
		}
		from, kind = L, Relay
	}
}

func (g kingulu) children(pos Position, dst []Child) []Child {
	p := &pos
	me := p.toMove
	for n := 1; n <= 6; n++ {
		h := Kingulu.pit(me, 0, n)
		if p.pits[h] == 0 || p.reserved&(1<<h) != 0 {
			continue
		}
		c := Child{Move: Move{Pit: h}, Position: *p}
		if g.play(&c.Position, h, &c.Move, nil) == nil {
			c.Position.toMove = me.Other()
			dst = append(dst, c)
		}
	}
	return dst
}

func (g kingulu) trace(p *Position, m Move, t *Trace) Position {
	q := *p
	g.play(&q, m.Pit, &m, t)
	q.toMove = q.toMove.Other()
	if q.Status() != Ongoing {
		t.addEvent(GameWon, NoPit, 0)
	}
	return q
}

// status: the game ends when the player to move has no legal move; each player scores his
// store plus the seeds in his own unreserved pits (rules 6).
func (g kingulu) status(p Position) Status {
	me := p.toMove
	for n := 1; n <= 6; n++ {
		h := Kingulu.pit(me, 0, n)
		if p.pits[h] == 0 || p.reserved&(1<<h) != 0 {
			continue
		}
		q := p
		var m Move
		if g.play(&q, h, &m, nil) == nil {
			return Ongoing
		}
	}
	var score [2]int
	for x := range Pit(12) {
		score[Kingulu.Owner(x)] += int(p.pits[x])
	}
	score[South] += int(p.bank[South])
	score[North] += int(p.bank[North])
	switch {
	case score[South] > score[North]:
		return SouthWins
	case score[North] > score[South]:
		return NorthWins
	}
	return Draw
}

// why: the first lap ends in an occupied pit of the mover's row, or the relays never end.
func (g kingulu) why(p Position, m Move) (string, bool) {
	if p.pits[m.Pit] == 0 || p.v.Owner(m.Pit) != p.toMove {
		return "", false
	}
	var mm Move
	switch err := g.play(&p, m.Pit, &mm, nil); err {
	case errFirstLap:
		return err.Error(), false
	case ErrNeverEnding:
		return "it never ends: its relays would repeat for ever", true
	}
	return "", false
}

// expand: the flags cost nothing here, so it is children.
func (g kingulu) expand(p Position, dst []Child) []Child { return g.children(p, dst) }

// childrenAt: listing every move is cheap here, so filter the full list.
func (g kingulu) childrenAt(p Position, x Pit, _ Dir, dst []Child) []Child {
	return atPit(g.children(p, dst[:0]), x, NoDir)
}

func (kingulu) stage(*Position) string { return "" }

// metered: Kingulu's relays run on a circuit of 12 pits and are not metered.
func (g kingulu) metered(*int) ruleset { return g }

func (kingulu) check(p *Position) error {
	if n := p.total(); n != 48 {
		return posErr("board", "Bao Kingulu holds 48 seeds counting stores, got %d", n)
	}
	for rs := p.reserved; rs != 0; rs &= rs - 1 {
		if x := Pit(bits.TrailingZeros16(rs)); p.pits[x] != 0 {
			return posErr("reserved", "reserved pit %s holds %d seeds; its seeds belong in the store", Kingulu.PitName(x), p.pits[x])
		}
	}
	return nil
}
