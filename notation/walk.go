package notation

import (
	"errors"
	"fmt"
	"strings"
	"time"

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

	// Filled says the move was written illegibly ("?", "A?<") and is the one completion that
	// lets the rest of the main line be played as written: the verifier's reading, which every
	// walk shares.
	Filled bool

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

// Game is the game after the move, with its history (Kimasai's repetition needs it): the
// walk's own, which it plays on after the visit. A visitor that keeps it for later takes
// Game().Prefix(Ply) (or, on the main line, the game Walk leaves: WalkOptions.Game).
func (s *Step) Game() *engine.Game { return s.game }

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
	// deadline ends the searches for the completions of illegible moves (see fill), all
	// together; zero until the first.
	deadline time.Time
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
		s.Filled = false
		if e != nil && depth == 0 && Illegible(n.Token) {
			m, e = w.fill(g, i, e)
			s.Filled = e == nil
		}
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

// fill plays the completion of illegible main-line move i that lets the rest of the line be
// played as written, if exactly one does; otherwise it returns the move's error saying why,
// with the completions in Legal. The verifier, the replay and every tool that walks a record
// so read a "?" the same way.
func (w *walker) fill(g *engine.Game, i int, e *Error) (engine.Move, *Error) {
	if w.deadline.IsZero() {
		w.deadline = time.Now().Add(resyncBudget)
	}
	s, _ := newSearch(w.rec, time.Until(w.deadline))
	if s == nil || s.pats[i] == nil {
		return engine.Move{}, e
	}
	s.g = g
	toks, _ := s.completions(i)
	tok := e.Move
	switch {
	case s.over:
		e.Err = fmt.Errorf("%w %s: %w: its completions were not all tried within %s", ErrIllegible, tok, ErrBudget, resyncBudget)
	case len(toks) == 0:
		e.Err = fmt.Errorf("%w %s: no legal move fits it", ErrIllegible, tok)
	case len(toks) > 1:
		e.Err = fmt.Errorf("%w %s: %d completions keep the game legal (%s); write the one played",
			ErrIllegible, tok, len(toks), strings.Join(toks, " "))
		e.Legal = toks
	default:
		if m, err := g.PlayToken(toks[0]); err == nil {
			return m, nil
		}
	}
	return engine.Move{}, e
}
