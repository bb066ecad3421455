package analysis

import (
	"context"
	"math/rand/v2"

	"github.com/bao-archive/bao/engine"
)

// A Player chooses a move in an ongoing game. The strength match and the tuning script play
// with them.
type Player interface {
	Move(g *engine.Game) engine.Move
}

// RandomPlayer plays a uniformly random legal move.
type RandomPlayer struct{ R *rand.Rand }

func (p RandomPlayer) Move(g *engine.Game) engine.Move {
	cs := g.Position().Children(nil)
	return cs[p.R.IntN(len(cs))].Move
}

// GreedyPlayer looks one ply ahead: it plays at random one of GreedyMoves.
type GreedyPlayer struct{ R *rand.Rand }

func (p GreedyPlayer) Move(g *engine.Game) engine.Move {
	best := GreedyMoves(g.Position())
	return best[p.R.IntN(len(best))].Move
}

// GreedyMoves are the moves of p a one-ply greedy player chooses among: the winning moves if
// there are any, else the moves that leave the mover the most seeds (on his side and off the
// board).
func GreedyMoves(p engine.Position) []engine.Child {
	me := p.ToMove()
	var best []engine.Child
	bestScore := -1 << 30
	for _, c := range p.Children(nil) {
		s := material(&c.Position, me)
		if c.Move.Flags&engine.Wins != 0 {
			s = 1 << 20
		}
		switch {
		case s > bestScore:
			best, bestScore = append(best[:0], c), s
		case s == bestScore:
			best = append(best, c)
		}
	}
	return best
}

// material is side s's seeds on the board and off it, less the opponent's.
func material(p *engine.Position, s engine.Side) int {
	f := features(p)
	m := int(f[fBoard] + f[fBank])
	if p.ToMove() != s {
		m = -m
	}
	return m
}

// SearchPlayer plays the engine's best move within Limits; its table is kept from move to move.
type SearchPlayer struct {
	S   *Searcher
	Lim Limits
}

func (p SearchPlayer) Move(g *engine.Game) engine.Move {
	return p.S.SearchGame(context.Background(), g, p.Lim, nil).Lines[0].Moves[0]
}

// PlayGame plays south against north from start until the game ends or maxPlies moves have
// been played, and returns the game.
func PlayGame(start engine.Position, south, north Player, maxPlies int) *engine.Game {
	g := engine.NewGame(start)
	for range maxPlies {
		if g.Status() != engine.Ongoing {
			break
		}
		pl := south
		if g.Position().ToMove() == engine.North {
			pl = north
		}
		if err := g.Play(pl.Move(g)); err != nil {
			panic("analysis: a player chose an illegal move: " + err.Error()) // players choose among Children
		}
	}
	return g
}

// Points is what side s scored in g: 1 for a win, 1/2 for a draw or an unfinished game, 0
// for a loss.
func Points(g *engine.Game, s engine.Side) float64 {
	w, ok := g.Status().Winner()
	switch {
	case !ok:
		return 0.5
	case w == s:
		return 1
	}
	return 0
}
