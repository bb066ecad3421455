package analysis

import "github.com/bao-archive/bao/engine"

// preferTraps chooses among the root moves that score as well as the best one. The search
// proves many positions drawn (most balanced Bao Kingulu positions are) or lost, and then
// every move that holds the draw, or puts the loss off as long, scores the same; against a
// player who can go wrong they are not the same. Like a strong player, the engine then plays
// the move that leaves the opponent the largest share of replies that give ground (after
// which the engine's score is better than the best it could prove). A proven win needs no
// such help: the quickest is played.
//
// It searches to the depth of the last iteration res completed, with what is left of the
// budget, and reports whether it changed the first line; a search stopped before it is done
// leaves res as it was.
func (w *worker) preferTraps(res Result, multi int) (Result, bool) {
	moves := w.settled
	if len(res.Lines) == 0 || len(moves) < 2 || res.Depth < 2 {
		return res, false
	}
	if n, ok := res.Lines[0].WinIn(); ok && n > 0 {
		return res, false
	}
	d, best := res.Depth, moves[0].score
	w.aborted, w.mustFinish = false, false // the search proper may have been stopped
	defer w.atRoot(w.root.Hash())()
	chosen, most := 0, -1.0
	for i := range moves {
		m := &moves[i]
		if m.score < best { // scores are exact or upper bounds
			continue
		}
		if !m.exact {
			// A null window around best: the score is exact if it lies inside.
			s := -w.child(&m.child, 0, d-1, -best-1, -best+1)
			if w.aborted {
				return res, false
			}
			if s != best {
				continue
			}
			m.score, m.exact = s, true
			m.pv = flagged(w.root, append([]engine.Move{m.child.Move}, w.pv[1][1:w.pvLen[1]]...))
		}
		share := w.traps(&m.child, d, best)
		if w.aborted {
			return res, false
		}
		if share > most {
			chosen, most = i, share
		}
	}
	if chosen == 0 {
		return res, false
	}
	ranked := append([]rootMove{moves[chosen]}, moves[:chosen]...)
	ranked = append(ranked, moves[chosen+1:]...)
	return linesOf(ranked, d, min(multi, len(moves))), true
}

// traps is the share of the opponent's replies to the root move c after which the mover
// scores more than best, searched to depth d from the root.
func (w *worker) traps(c *engine.Child, d, best int) float64 {
	if w.rep {
		_, back, repeated := w.enter(c)
		if repeated {
			return 0
		}
		defer w.leave(back)
	}
	replies := c.Position.Expand(nil)
	if c.Move.Flags&engine.Wins != 0 || len(replies) == 0 {
		return 0
	}
	n := 0
	for i := range replies {
		if w.child(&replies[i], 1, d-2, best, best+1) > best {
			n++
		}
		if w.aborted {
			return 0
		}
	}
	return float64(n) / float64(len(replies))
}
