package notation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
)

// Terminations are the Termination tag values that explain a result the board does not show
// (spec 5, Results).
var Terminations = []string{"resignation", "time forfeit", "agreement", "adjudication", "abandoned"}

// Verify replays the main line and every variation of a record through the engine, from the
// variant's start or the Position tag, and checks what the record asserts: every move, every
// [%pos] checkpoint, the result against the final position, PlyCount, and the tag values bao
// understands. It never guesses: a line stops at its first move that cannot be played, and the
// error says how many moves after it went unchecked. It returns the problems sorted by
// position, or nil.
func Verify(r *Record) ErrorList {
	_, errs := check(r, false)
	return errs
}

// Check is Verify that also returns what Replay would, from the same pass through the engine:
// an indexer needs both, and replaying is most of the cost. The Replay is nil when the record
// has no usable start position.
func Check(r *Record) (*Replay, ErrorList) { return check(r, true) }

func check(r *Record, replay bool) (*Replay, ErrorList) {
	vf := &verifier{rec: r}
	vf.tags()
	start, e := r.start()
	var rp *Replay
	if e != nil {
		vf.errs.Add(e)
	} else {
		vf.v = start.Variant()
		g := newGame(start)
		if len(r.Moves) == 0 {
			vf.checkpoints(r.Comments, start, 0, "", "at the start")
		}
		n, ok := vf.line(g, r.Moves)
		if ok {
			vf.result(g)
		}
		if replay {
			rp = replayOf(r, g, n)
		}
	}
	vf.errs.Sort()
	return rp, vf.errs
}

// replayOf is the Replay of the first n moves of r's main line, played on g.
func replayOf(r *Record, g *engine.Game, n int) *Replay {
	v := g.Start().Variant()
	rp := &Replay{Variant: v, Start: g.Start(), Plies: make([]Ply, n), Status: g.Status()}
	ps, ms := g.Positions(), g.Moves()
	for i := range n {
		rp.Plies[i] = Ply{Node: r.Moves[i], Move: ms[i], Token: v.FormatMove(ms[i]), Before: ps[i], After: ps[i+1]}
	}
	return rp
}

type verifier struct {
	rec  *Record
	v    *engine.Variant
	errs ErrorList
}

// line plays nodes on g, checking checkpoints and variations. It returns how many moves it
// played (a variation takes them back) and whether it played them all.
func (vf *verifier) line(g *engine.Game, nodes []*Node) (int, bool) {
	for i, n := range nodes {
		if len(n.Before) > 0 {
			vf.checkpoints(n.Before, g.Position(), len(g.Moves()), "", "before "+n.Token)
		}
		m, e := vf.rec.play(g, n)
		after := g.Position()
		if e != nil {
			switch rest := len(nodes) - i - 1; rest {
			case 0:
			case 1:
				e.Err = fmt.Errorf("%w; the next move of this line is not checked", e.Err)
			default:
				e.Err = fmt.Errorf("%w; the %d later moves of this line are not checked", e.Err, rest)
			}
			vf.errs.Add(e)
		} else {
			vf.checkpoints(n.After, after, len(g.Moves()), n.Token, "after "+n.Token)
		}
		if len(n.Variations) > 0 {
			// A variation replaces n: take n back, play the variation and take it back too.
			if e == nil {
				g.Undo()
			}
			for _, v := range n.Variations {
				k, _ := vf.line(g, v.Moves)
				for range k {
					g.Undo()
				}
				if e == nil {
					vf.checkpoints(v.After, after, len(g.Moves())+1, n.Token, "after "+n.Token)
				}
			}
			if e == nil {
				g.Play(m) // cannot fail: it was played a moment ago
			}
		}
		if e != nil {
			return i, false
		}
	}
	return len(nodes), true
}

// checkpoints checks the [%pos BPN] commands of comments against the actual position at.
func (vf *verifier) checkpoints(cs []Comment, at engine.Position, ply int, token, where string) {
	for _, c := range cs {
		for k := 0; ; {
			i := strings.Index(c.Text[k:], "[%pos")
			if i < 0 {
				break
			}
			k += i
			body, _, closed := strings.Cut(c.Text[k+len("[%pos"):], "]")
			pos := advance(Pos{c.Pos.Line, c.Pos.Col + 1}, []byte(c.Text[:k]))
			k += len("[%pos")
			if body != "" && body[0] != ' ' { // another command, such as [%position …]
				continue
			}
			e := &Error{File: vf.rec.File, Pos: pos, Game: vf.rec.Number, Ply: ply, Move: token, Board: at}
			want, err := engine.ParsePosition(vf.v, body)
			switch {
			case !closed:
				e.Err = fmt.Errorf("%w: [%%pos has no closing ']'", ErrSyntax)
			case err != nil:
				e.Err = fmt.Errorf("[%%pos] %s: %w", where, err)
			case want.String() != at.String():
				e.Err = fmt.Errorf("%w %s: %s", ErrPositionMismatch, where, positionDiff(want, at))
			default:
				continue
			}
			vf.errs.Add(e)
		}
	}
}

// positionDiff names the first difference between the asserted and the actual position: the
// first pit in BPN order, else the first other BPN field.
func positionDiff(want, got engine.Position) string {
	v := got.Variant()
	for _, x := range bpnPits(v) {
		if w, g := want.Seeds(x), got.Seeds(x); w != g {
			return fmt.Sprintf("pit %s holds %d, [%%pos] says %d", v.PitName(x), g, w)
		}
	}
	names := map[int][]string{
		2: {"board", "side to move"},
		4: {"board", "side to move", "stores", "reserved pits"},
		5: {"board", "side to move", "reserves", "houses", "block"},
	}
	fw, fg := strings.Fields(want.String()), strings.Fields(got.String())
	for i := range fg {
		if fw[i] != fg[i] {
			return fmt.Sprintf("%s is %s, [%%pos] says %s", names[len(fg)][i], fg[i], fw[i])
		}
	}
	return "the positions differ"
}

// bpnPits lists the pits in the order BPN writes them.
func bpnPits(v *engine.Variant) []engine.Pit {
	var ps []engine.Pit
	for r := v.Rows - 1; r >= 0; r-- {
		for n := v.Width; n >= 1; n-- {
			ps = append(ps, v.PitAt(engine.North, r, n))
		}
	}
	for r := 0; r < v.Rows; r++ {
		for n := 1; n <= v.Width; n++ {
			ps = append(ps, v.PitAt(engine.South, r, n))
		}
	}
	return ps
}

// result checks the claimed result (the marker, else the Result tag) against the final
// position of the main line.
func (vf *verifier) result(g *engine.Game) {
	r := vf.rec
	claim, at := r.Result, r.ResultPos
	if claim == "" {
		t := r.tag("Result")
		if t == nil || !isResult(t.Value) {
			return
		}
		claim, at = t.Value, t.ValuePos
	}
	if claim == "*" {
		return
	}
	e := &Error{File: r.File, Pos: at, Game: r.Number, Board: g.Position()}
	if st := g.Status(); st != engine.Ongoing {
		if claim == st.Result() {
			return
		}
		e.Err = fmt.Errorf("%w: %s, but the game ended on the board in %s (%s)", ErrResultMismatch, claim, outcome(st), st.Result())
	} else {
		if slices.Contains(Terminations, strings.ToLower(r.Tag("Termination"))) {
			return
		}
		e.Err = fmt.Errorf("%w: %s, but the game has not ended on the board; a Termination tag must say why (%s)",
			ErrResultMismatch, claim, strings.Join(Terminations, ", "))
	}
	vf.errs.Add(e)
}

func outcome(s engine.Status) string {
	if w, ok := s.Winner(); ok {
		return "a win for " + w.String()
	}
	return "a draw"
}

// tags checks the values of the tags bao understands that need no engine.
func (vf *verifier) tags() {
	r := vf.rec
	bad := func(t *Tag, format string, args ...any) {
		vf.errs.Add(r.errorf(t.ValuePos, "%w %s: "+format, append([]any{ErrBadTag, t.Name}, args...)...))
	}
	if t := r.tag("Result"); t != nil {
		switch {
		case !isResult(t.Value):
			bad(t, "%q is not a result (1-0, 0-1, 1/2-1/2, *)", t.Value)
		case r.Result != "" && r.Result != t.Value:
			vf.errs.Add(r.errorf(r.ResultPos, "%w: %s at the end of the movetext, but the Result tag says %s",
				ErrResultMismatch, r.Result, t.Value))
		}
	}
	if t := r.tag("Date"); t != nil && !isDate(t.Value) {
		bad(t, "%q is not a date YYYY.MM.DD (? for unknown digits)", t.Value)
	}
	if t := r.tag("PlyCount"); t != nil {
		n, err := strconv.Atoi(t.Value)
		switch {
		case err != nil || n < 0:
			bad(t, "%q is not a number of plies", t.Value)
		case n != len(r.Moves):
			vf.errs.Add(r.errorf(t.ValuePos, "%w: the tag says %d, the main line has %d", ErrPlyCount, n, len(r.Moves)))
		}
	}
}

func isDate(s string) bool {
	if len(s) != 10 || s[4] != '.' || s[7] != '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; i != 4 && i != 7 && c != '?' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
