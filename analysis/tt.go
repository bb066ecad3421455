package analysis

import "sync/atomic"

// table is the transposition table, shared by the threads of a search without locks: each
// slot holds the key XORed with the data, so that a slot torn by two threads writing at
// once fails its key check instead of giving another position's data.
type table struct {
	slots []slot
	mask  uint64
}

type slot struct{ check, data atomic.Uint64 }

// Bounds of a stored score.
const (
	boundUpper = 1 // the score is at most this (failed low)
	boundLower = 2 // at least this (failed high)
	boundExact = 3
)

// entry is a slot's data unpacked.
type entry struct {
	score int
	depth int
	bound int
	move  int // the best move's engine.Move.Key, or -1
}

func newTable(mb int) *table {
	n := uint64(1)
	for n*2*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{slots: make([]slot, n), mask: n - 1}
}

// clear empties the table between searches (no thread uses it then), as one block clear: the
// atomic stores of slot by slot took most of the time of bao analyse and bao puzzles, which
// clear the table before each game, on short games.
func (t *table) clear() { clear(t.slots) }

// data layout: score+32768 in bits 0-15, depth 16-23, bound 24-25, move+1 26-35.
func pack(e entry) uint64 {
	return uint64(e.score+32768) | uint64(e.depth)<<16 | uint64(e.bound)<<24 | uint64(e.move+1)<<26
}

func unpack(d uint64) entry {
	return entry{
		score: int(d&0xffff) - 32768,
		depth: int(d >> 16 & 0xff),
		bound: int(d >> 24 & 3),
		move:  int(d>>26&0x3ff) - 1,
	}
}

func (t *table) probe(key uint64) (entry, bool) {
	s := &t.slots[key&t.mask]
	d := s.data.Load()
	if s.check.Load()^d != key || d == 0 {
		return entry{}, false
	}
	return unpack(d), true
}

func (t *table) store(key uint64, e entry) {
	s := &t.slots[key&t.mask]
	old := s.data.Load()
	if s.check.Load()^old == key && old != 0 {
		o := unpack(old)
		if o.depth > e.depth && e.bound != boundExact {
			return // keep the deeper result of the same position
		}
		if e.move < 0 {
			e.move = o.move
		}
	}
	d := pack(e)
	s.data.Store(d)
	s.check.Store(key ^ d)
}

// Mate scores are stored relative to the node, not the root, so that one entry serves the
// same position at any distance from the root.
func scoreToTT(s, ply int) int {
	switch {
	case s >= WinScore-maxPly:
		return s + ply
	case s <= -WinScore+maxPly:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s >= WinScore-maxPly:
		return s - ply
	case s <= -WinScore+maxPly:
		return s + ply
	}
	return s
}
