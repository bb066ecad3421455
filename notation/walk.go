package notation

import (
	"errors"

	"github.com/bao-archive/bao/engine"
)

// WalkOptions says what Walk does besides playing the main line.
type WalkOptions struct {
	// Variations walks every variation too, depth first: a move's variations come right after
	// the move, each played from the position before it.
	Variations bool
	// Trace records the engine's account of each move played (laps, captures, events) in
	// Step.Trace. It costs a second pass through the move, so only pages that show sowing ask.
	Trace bool
	// Game, if set, is the game Walk plays on instead of a new one: it must be new, from the
	// record's Start. After the walk it holds the main line as far as it could be played, with
	// its history, for a caller that plays on (the recorder).
	Game *engine.Game
}

// Step is one move of a record as Walk plays it. Walk reuses one Step per line: a visitor that
// keeps anything must copy it.
type Step struct {
	Node *Node
	// Variation is the line the move belongs to; nil on the main line.
	Variation *Variation
	// Depth counts the variations the move is nested in: 0 on the main line.
	Depth int
	// Index is the move's 0-based place in its line; Ply its 1-based ply from the game's start.
	Index, Ply int

	Move          engine.Move // the move played, with its flags
	Before, After engine.Position
	Trace         *engine.Trace // with WalkOptions.Trace

	// Err is set when the move cannot be played: After is then Before, and the Rest later moves
	// of the line are not played (Walk goes on with the next line).
	Err  *Error
	Rest int

	game *engine.Game
	size int // moves in the line
}

// Last reports whether the move is the last one written in its line.
func (s *Step) Last() bool { return s.Index == s.size-1 }

// Token is the move's canonical token ("" if it was not played). Asked, not stored: most
// walks never need it.
func (s *Step) Token() string {
	if s.Err != nil {
		return ""
	}
	return s.Before.Variant().FormatMove(s.Move)
}

// Status is the game's status after the move, counting Bao la Kimasai's draw by repetition.
// Asked, not stored: judging a position costs a move generation.
func (s *Step) Status() engine.Status { return s.game.Status() }

// RecordBudget is the relay laps that walking one record may spend, its main line and
// variations together: about a quarter of a second of sowing. A record that needs more gets
// an error of kind engine.ErrBudget at the move where it ran out, so that one adversarial
// record is reported and a batch goes on; played games use a few thousand laps.
const RecordBudget = 50_000_000

// ErrStop, returned by a visitor, ends the walk early without an error.
var ErrStop = errors.New("stop walking")

// Walk plays a record through the engine, once per move, from its start position (the
// variant's, or its SetUp and Position tags), and calls visit for every move: the main line,
// and with opts.Variations every variation. It is the one way through a record: the verifier,
// the replay, the site, the recorder and every tool that reads games walk with it.
//
// Walk returns the *Error of a record with no usable start (visit is then never called), or the
// first error visit returns other than ErrStop.
func Walk(r *Record, opts WalkOptions, visit func(*Step) error) error {
	start, e := r.start()
	if e != nil {
		return e
	}
	g := opts.Game
	switch {
	case g == nil:
		g = engine.NewGame(start)
	case len(g.Moves()) != 0 || g.Start() != start:
		return errors.New("notation: WalkOptions.Game is not a new game from the record's start")
	}
	g.SetBudget(RecordBudget)
	w := walker{rec: r, opts: opts, visit: visit, game: g}
	if _, err := w.line(r.Moves, nil, 0); err != nil && !errors.Is(err, ErrStop) {
		return err
	}
	return nil
}

type walker struct {
	rec   *Record
	opts  WalkOptions
	visit func(*Step) error
	game  *engine.Game
}

// line plays nodes on the game and visits them; it returns how many it played, so that the
// caller of a variation can take them back.
func (w *walker) line(nodes []*Node, v *Variation, depth int) (int, error) {
	s := Step{Variation: v, Depth: depth, game: w.game, size: len(nodes)}
	g := w.game
	for i, n := range nodes {
		s.Node, s.Index, s.Ply, s.Trace = n, i, len(g.Moves())+1, nil
		s.Before = g.Position()
		m, e := w.rec.play(g, n)
		s.Err, s.Rest = e, 0
		if e != nil {
			s.Move, s.After, s.Rest = engine.Move{}, s.Before, len(nodes)-i-1
		} else {
			s.Move, s.After = m, g.Position()
			if w.opts.Trace {
				if _, t, err := s.Before.Trace(m); err == nil {
					s.Trace = &t
				}
			}
		}
		if err := w.visit(&s); err != nil {
			return i, err
		}
		if w.opts.Variations && len(n.Variations) > 0 {
			// A variation replaces n: take n back, walk the variation and take it back too.
			if e == nil {
				g.Undo()
			}
			for _, alt := range n.Variations {
				k, err := w.line(alt.Moves, alt, depth+1)
				for range k {
					g.Undo()
				}
				if err != nil {
					return i, err
				}
			}
			if e == nil {
				g.Play(m) // cannot fail: it was played a moment ago
			}
		}
		if e != nil {
			return i, nil
		}
	}
	return len(nodes), nil
}
