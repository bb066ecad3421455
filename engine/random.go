package engine

import "math/rand/v2"

// RandomGame plays uniformly random legal moves from start until the game ends or maxPlies
// moves have been played. The same generator state gives the same game.
func RandomGame(start Position, r *rand.Rand, maxPlies int) *Game {
	g := NewGame(start)
	var buf []Child
	for range maxPlies {
		if g.Status() != Ongoing {
			break
		}
		buf = g.Position().Children(buf[:0])
		c := buf[r.IntN(len(buf))]
		g.advance(c.Move, c.Position)
	}
	return g
}

// NewRand is the generator bao uses for seeded play: game i of seed s is the same everywhere.
func NewRand(seed, i uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, i)) }
