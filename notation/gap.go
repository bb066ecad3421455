package notation

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bao-archive/bao/engine"
)

// Fragments. Most games that come down to us are fragments: a few moves survive, then some are
// lost, then a few more. A gap token, "..." standing alone in the main line, says that moves are
// missing there; the [%pos BPN] checkpoint in the comment right after it says where the game
// stands after them, and the move number written next ("23...") which move comes next. Replay
// goes on from the checkpoint, so a historian types only what survives, and each stretch of
// moves is checked by itself. A gap without a checkpoint leaves the moves after it unreadable:
// an error of kind ErrGap at the gap.

// GapToken is the gap token of movetext.
const GapToken = "..."

// IsGap reports whether the node is a gap rather than a move.
func (n *Node) IsGap() bool { return n.Token == GapToken }

// hasGap reports whether the record's main line has a gap.
func (r *Record) hasGap() bool {
	return slices.ContainsFunc(r.Moves, (*Node).IsGap)
}

// Stretch is a part of a main line that replays by itself: the moves from the game's start, or
// from a gap's checkpoint, up to the next gap or the end.
type Stretch struct {
	// Rec is the stretch as a record of its own: the record's tags, with SetUp and Position
	// giving the checkpoint after a gap, and its moves; the result only in the last stretch.
	Rec *Record
	// Gap is the gap the stretch starts after (nil for the first), Start the position it
	// starts from: the game's start, or the gap's checkpoint.
	Gap   *Node
	Start engine.Position
	// From is the index in the main line of its first move; Base the plies before it, so that
	// its moves are plies Base+1, Base+2, … of the game.
	From, Base int
	// Err says why the stretch cannot be replayed (ErrGap): it is nil for the others.
	Err *Error
}

// Stretches cuts the record's main line at its gaps. A record without gaps is one stretch, the
// record itself. The error is that of a record with no usable start, which has no stretches.
func (r *Record) Stretches() ([]Stretch, *Error) {
	start, e := r.start()
	if e != nil {
		return nil, e
	}
	if !r.hasGap() {
		return []Stretch{{Rec: r, Start: start}}, nil
	}
	northFirst := start.ToMove() == engine.North
	var out []Stretch
	cur := Stretch{Start: start}
	cut := func(to int, last bool) {
		sub := *r
		sub.Moves = r.Moves[cur.From:to]
		if cur.Gap != nil {
			sub.Tags = slices.Clone(r.Tags)
			sub.SetTag("SetUp", "1")
			sub.SetTag("Position", cur.Start.String())
			if len(sub.Moves) == 0 {
				sub.Comments = nil
			}
		}
		if !last {
			sub.Result, sub.ResultPos = "*", Pos{}
		}
		cur.Rec = &sub
		out = append(out, cur)
	}
	for i, n := range r.Moves {
		if !n.IsGap() {
			continue
		}
		cut(i, false)
		prev := out[len(out)-1]
		cur = Stretch{Gap: n, From: i + 1, Base: prev.Base + len(prev.Rec.Moves)}
		cur.Start, cur.Base, cur.Err = r.checkpoint(n, cur.Base, start.Variant(), northFirst)
	}
	cut(len(r.Moves), true)
	return out, nil
}

// checkpoint reads the position after gap n and the plies before the move that follows it;
// after is the plies before the gap.
func (r *Record) checkpoint(n *Node, after int, v *engine.Variant, northFirst bool) (engine.Position, int, *Error) {
	var none engine.Position
	body, at, ok := gapPos(n)
	if !ok {
		return none, after, &Error{File: r.File, Pos: n.Pos, Game: r.Number, Move: GapToken,
			Err: fmt.Errorf("%w: no [%%pos BPN] checkpoint in a comment right after it says where the game stands after the moves lost, so the moves after it cannot be replayed", ErrGap)}
	}
	p, err := engine.ParsePosition(v, body)
	if err != nil {
		return none, after, &Error{File: r.File, Pos: at, Game: r.Number, Move: GapToken,
			Err: fmt.Errorf("%w: its checkpoint must be a whole position (no x) to replay from: %w", ErrGap, err)}
	}
	base := gapBase(n, after, p.ToMove() == engine.North, northFirst)
	if n.Resume > 0 && base < after {
		return none, after, &Error{File: r.File, Pos: n.Pos, Game: r.Number, Move: GapToken,
			Err: fmt.Errorf("%w: the move after it is numbered as ply %d, but %d plies come before it", ErrGap, n.Resume, after)}
	}
	if _, south := MoveNumber(base, northFirst); south != (p.ToMove() == engine.South) {
		num, _ := MoveNumber(base, northFirst)
		return none, after, &Error{File: r.File, Pos: n.Pos, Game: r.Number, Move: GapToken,
			Err: fmt.Errorf("%w: the move after it is numbered %s, but its checkpoint has %s to move", ErrGap, moveLabel(num, south), p.ToMove())}
	}
	return p, base, nil
}

// gapPos finds the [%pos] checkpoint of a gap: the first in the comments right after it.
func gapPos(n *Node) (body string, at Pos, ok bool) {
	posCommands(n.After, func(b string, p Pos, closed bool) {
		if !ok && closed {
			body, at, ok = strings.TrimSpace(b), p, true
		}
	})
	return body, at, ok
}

// gapBase gives the plies before the move after gap n, the gap coming after plies earlier
// ones: from the move number written after the gap, else the fewest plies lost that give the
// move to the side its checkpoint has to move (northToMove).
func gapBase(n *Node, after int, northToMove, northFirst bool) int {
	if n.Resume > 0 {
		return n.Resume - 1
	}
	if _, south := MoveNumber(after, northFirst); south == northToMove {
		return after + 1
	}
	return after
}

// resumePly is the ply, from 1, of move number num of South (or of North), in a game whose
// first move is North's if northFirst.
func resumePly(num int, north, northFirst bool) int {
	ply := 2*(num-1) + 1
	if north {
		ply++
	}
	if northFirst {
		ply--
	}
	return ply
}

// positionNorthFirst reports whether the start position of tags (their Position) has North to
// move.
func positionNorthFirst(tags []Tag) bool {
	for _, t := range tags {
		if t.Name == "Position" {
			f := strings.Fields(t.Value)
			return len(f) > 1 && f[1] == "N"
		}
	}
	return false
}

// moveLabel writes a move number as movetext does: "12." for South, "12..." for North.
func moveLabel(num int, south bool) string {
	if south {
		return fmt.Sprintf("%d.", num)
	}
	return fmt.Sprintf("%d...", num)
}

// writtenPlies gives the ply of each main-line move as written (0 for a gap), and one more
// entry, the ply a move added at the end would have: i+1 for move i of a record without gaps,
// and after a gap the numbering it resumes with.
func (r *Record) writtenPlies() []int {
	out := make([]int, len(r.Moves)+1)
	if !r.hasGap() {
		for i := range out {
			out[i] = i + 1
		}
		return out
	}
	northFirst := positionNorthFirst(r.Tags)
	ply := 0
	for i, n := range r.Moves {
		if n.IsGap() {
			north := false
			if body, _, ok := gapPos(n); ok {
				f := strings.Fields(body)
				north = len(f) > 1 && f[1] == "N"
			}
			ply = gapBase(n, ply, north, northFirst)
			continue
		}
		ply++
		out[i] = ply
	}
	out[len(r.Moves)] = ply + 1
	return out
}

// plyCount is the plies of the game the main line covers: its moves, and the moves lost in its
// gaps as the numbering after them counts them.
func (r *Record) plyCount() int {
	if !r.hasGap() {
		return len(r.Moves)
	}
	p := r.writtenPlies()
	return p[len(p)-1] - 1
}

// repairStretches repairs a record with gaps one stretch at a time, each from its start or
// checkpoint, with opts for each: the best repair mends every stretch that needs it with its
// best, and the next ones each take another repair of one stretch. Edits are numbered by the
// plies of the game, as the record resumes after each gap. A gap whose moves cannot be
// replayed (ErrGap) cannot be repaired either: its error is returned.
func repairStretches(r *Record, opts RepairOptions) ([]Repair, error) {
	sts, e := r.Stretches()
	if e != nil {
		return nil, e
	}
	var parts [][]Repair // the repairs of each stretch that needs one
	var budget error
	for _, st := range sts {
		if st.Err != nil {
			return nil, st.Err
		}
		reps, err := Repairs(st.Rec, opts)
		switch {
		case errors.Is(err, ErrBudget):
			budget = err
		case err != nil:
			return nil, err
		}
		for k := range reps {
			reps[k].Edits = slices.Clone(reps[k].Edits)
			for j := range reps[k].Edits {
				reps[k].Edits[j].Ply += st.Base
			}
		}
		if len(reps) > 0 {
			parts = append(parts, reps)
		}
	}
	if len(parts) == 0 {
		return nil, budget
	}
	join := func(pick []int) Repair {
		var out Repair
		for k, p := range pick {
			out.Edits = append(out.Edits, parts[k][p].Edits...)
			out.Cost += parts[k][p].Cost
		}
		return out
	}
	best := make([]int, len(parts))
	out := []Repair{join(best)}
	for k := range parts {
		for p := 1; p < len(parts[k]); p++ {
			pick := slices.Clone(best)
			pick[k] = p
			out = append(out, join(pick))
		}
	}
	slices.SortStableFunc(out[1:], func(a, b Repair) int { return a.Cost - b.Cost })
	return out[:min(len(out), opts.Top)], budget
}

// WrittenIndex is the index in the main line of the move written as ply ply (Edit.Ply), or
// the number of moves for a ply past the last one: ply-1 in a record without gaps.
func (r *Record) WrittenIndex(ply int) int {
	plies := r.writtenPlies()
	for i, p := range plies[:len(r.Moves)] {
		if p >= ply {
			return i
		}
	}
	return len(r.Moves)
}
