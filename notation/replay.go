package notation

import (
	"errors"
	"fmt"

	"github.com/bao-archive/bao/engine"
)

// Ply is one move of a main line played through the engine.
type Ply struct {
	// Number is the ply's number in the game, from 1: its index plus one, but after a gap
	// (Node.IsGap) the numbering the record resumes with.
	Number int
	Node   *Node // the move as written: token, place, annotations, comments
	Move   engine.Move
	Token  string // the canonical token
	Before engine.Position
	After  engine.Position
}

// Replay is a record's main line played through the engine.
type Replay struct {
	Variant *engine.Variant
	Start   engine.Position
	Plies   []Ply
	// Status is the game's status after the last ply played, counting Bao la Kimasai's draw by
	// repetition.
	Status engine.Status
}

// Replay plays the record's main line from its start position: the variant's, or the
// Position tag's. It stops at the first move that cannot be played and returns the plies
// before it with an *Error at that move; a record without a usable Variant or Position tag
// gives a nil Replay and the *Error.
func (r *Record) Replay() (*Replay, error) {
	start, e := r.start()
	if e != nil {
		return nil, e
	}
	rp := &Replay{Variant: start.Variant(), Start: start, Plies: make([]Ply, 0, len(r.Moves)), Status: start.Status()}
	var stop *Error
	Walk(r, WalkOptions{}, func(s *Step) error {
		if s.Err != nil {
			stop, rp.Status = s.Err, s.Status()
			return ErrStop
		}
		if s.Gap {
			rp.Status = s.Status()
			return nil
		}
		rp.add(s)
		return nil
	})
	if stop != nil {
		return rp, stop
	}
	return rp, nil
}

// add appends a played main-line step; the status is judged once, after the last.
func (rp *Replay) add(s *Step) {
	rp.Plies = append(rp.Plies, Ply{Number: s.Ply, Node: s.Node, Move: s.Move, Token: s.Token(), Before: s.Before, After: s.After})
	if s.Last() {
		rp.Status = s.Status()
	}
}

// Start is the position the record's moves start from: the variant's start, or its SetUp and
// Position tags. The error is an *Error at the tag that is missing or wrong.
func (r *Record) Start() (engine.Position, error) {
	p, e := r.start()
	if e != nil {
		return p, e
	}
	return p, nil
}

// start finds the record's variant and start position (spec 5: the Variant tag is required;
// SetUp "1" with Position gives a start position in BPN).
func (r *Record) start() (engine.Position, *Error) {
	var none engine.Position
	vt := r.tag("Variant")
	if vt == nil {
		return none, r.errorf(r.Pos, "%w: bao never guesses which game a record is", ErrNoVariant)
	}
	v, err := engine.LookupVariant(vt.Value)
	if err != nil {
		return none, r.errorf(vt.ValuePos, "%w Variant: %w", ErrBadTag, err)
	}
	pt, st := r.tag("Position"), r.tag("SetUp")
	switch {
	case pt == nil && st != nil && st.Value == "1":
		return none, r.errorf(st.ValuePos, "%w SetUp: it is 1 but there is no Position tag", ErrBadTag)
	case pt != nil && st != nil && st.Value != "1":
		return none, r.errorf(st.ValuePos, "%w SetUp: it must be 1 when there is a Position tag", ErrBadTag)
	case pt == nil:
		return v.Start(), nil
	}
	p, err := engine.ParsePosition(v, pt.Value)
	if err != nil {
		return none, r.errorf(pt.ValuePos, "%w Position: %w", ErrBadTag, err)
	}
	return p, nil
}

// play plays the move of n on g, or returns an *Error at the token with the board before it
// and the legal moves.
func (r *Record) play(g *engine.Game, n *Node) (engine.Move, *Error) {
	before := g.Position()
	m, err := g.PlayToken(n.Token)
	if err == nil {
		return m, nil
	}
	e := &Error{File: r.File, Pos: n.Pos, Err: err, Game: r.Number, Ply: len(g.Moves()) + 1,
		Move: n.Token, Board: before}
	var me *engine.MoveError
	if errors.As(err, &me) {
		e.Legal = me.Legal
	}
	return m, e
}

func (r *Record) errorf(pos Pos, format string, args ...any) *Error {
	return &Error{File: r.File, Pos: pos, Err: fmt.Errorf(format, args...), Game: r.Number}
}

// Label writes ply i (0-based) of the replay as a numbered move: "12. A3" for South,
// "12... a4" for North (after a gap, numbered as the record resumes).
func (rp *Replay) Label(i int) string {
	n, south := MoveNumber(rp.Plies[i].Number-1, rp.Start.ToMove() == engine.North)
	dots := "..."
	if south {
		dots = "."
	}
	return fmt.Sprintf("%d%s %s", n, dots, rp.Plies[i].Token)
}
