package engine

import "testing"

// TestHash: equal positions hash equal, and the positions of many random games, with every
// child of each, do not collide.
func TestHash(t *testing.T) {
	for _, v := range Variants() {
		seen := map[uint64]Position{}
		for i := range uint64(20) {
			for _, p := range RandomGame(v.Start(), NewRand(4, i), 200).Positions() {
				for _, c := range p.Children(nil) {
					q := c.Position
					if o, ok := seen[q.Hash()]; ok && o != q {
						t.Fatalf("%s: %s and %s share hash %x", v.ID(), o, q, q.Hash())
					}
					seen[q.Hash()] = q
					if r, _ := ParsePosition(v, q.String()); r.Hash() != q.Hash() {
						t.Fatalf("%s: %s read back hashes differently", v.ID(), q)
					}
					flipped := q
					flipped.toMove = q.toMove.Other()
					if flipped.Hash() == q.Hash() {
						t.Fatalf("%s: the side to move does not change the hash of %s", v.ID(), q)
					}
				}
			}
		}
	}
}

// TestIsCapture: a move captures exactly when the opponent has fewer seeds (stones) on the
// board after it (in the 4x8 games and Kimasai, sowing never reaches the opponent's rows).
func TestIsCapture(t *testing.T) {
	for _, v := range []*Variant{Kiswahili, Kete, Kimasai} {
		for i := range uint64(20) {
			for _, p := range RandomGame(v.Start(), NewRand(5, i), 200).Positions() {
				them := p.toMove.Other()
				for _, c := range p.Children(nil) {
					if took := c.Position.onBoard(them) < p.onBoard(them); took != v.IsCapture(c.Move) {
						t.Fatalf("%s: %s %s: IsCapture %v, captured %v", v.ID(), p, v.FormatMove(c.Move), !took, took)
					}
				}
			}
		}
	}
}

// onBoard counts side s's seeds on the board.
func (p *Position) onBoard(s Side) int {
	n := 0
	for x := range Pit(p.v.Pits()) {
		if p.v.Owner(x) == s {
			n += int(p.pits[x])
		}
	}
	return n
}
