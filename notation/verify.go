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
var Terminations = []string{"resignation", "time forfeit", "agreement", "adjudication", "abandoned", "forfeit", "bye"}

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
	var rp *Replay
	start, e := r.start()
	if e != nil {
		vf.errs.Add(e)
		vf.errs.Sort()
		return nil, vf.errs
	}
	vf.v = start.Variant()
	if replay {
		rp = &Replay{Variant: vf.v, Start: start, Plies: make([]Ply, 0, len(r.Moves)), Status: start.Status()}
	}
	if len(r.Moves) == 0 {
		vf.checkpoints(r.Comments, start, 0, "", "at the start")
	}
	Walk(r, WalkOptions{Variations: true}, func(s *Step) error {
		vf.step(s)
		switch {
		case s.Depth > 0:
		case s.Err != nil:
			if rp != nil {
				rp.Status = s.Status()
			}
		default:
			if rp != nil {
				rp.add(s)
			}
			if s.Last() {
				vf.result(s.After, s.Status())
			}
		}
		return nil
	})
	if len(r.Moves) == 0 {
		vf.result(start, start.Status())
	}
	vf.errs.Sort()
	return rp, vf.errs
}

type verifier struct {
	rec  *Record
	v    *engine.Variant
	errs ErrorList
}

// step checks what the record asserts about one move: that it can be played, and the [%pos]
// checkpoints before it, after it and after each of its variations.
func (vf *verifier) step(s *Step) {
	n := s.Node
	if len(n.Before) > 0 {
		vf.checkpoints(n.Before, s.Before, s.Ply-1, "", "before "+n.Token)
	}
	if e := s.Err; e != nil {
		switch s.Rest {
		case 0:
		case 1:
			e.Err = fmt.Errorf("%w; the next move of this line is not checked", e.Err)
		default:
			e.Err = fmt.Errorf("%w; the %d later moves of this line are not checked", e.Err, s.Rest)
		}
		vf.errs.Add(e)
		return
	}
	vf.checkpoints(n.After, s.After, s.Ply, n.Token, "after "+n.Token)
	for _, v := range n.Variations {
		vf.checkpoints(v.After, s.After, s.Ply, n.Token, "after "+n.Token)
	}
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
func (vf *verifier) result(final engine.Position, st engine.Status) {
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
	e := &Error{File: r.File, Pos: at, Game: r.Number, Board: final}
	if st != engine.Ongoing {
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
		switch err := CheckTagValue(t.Name, t.Value); {
		case err != nil:
			bad(t, "%v", err)
		case r.Result != "" && r.Result != t.Value:
			vf.errs.Add(r.errorf(r.ResultPos, "%w: %s at the end of the movetext, but the Result tag says %s",
				ErrResultMismatch, r.Result, t.Value))
		}
	}
	if t := r.tag("Date"); t != nil {
		if err := CheckTagValue(t.Name, t.Value); err != nil {
			bad(t, "%v", err)
		}
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

// CheckTagValue checks the value of a tag whose form the spec fixes without an engine (Date,
// Result) and that any value can be written (no quote, no line break), so that a record can be
// checked as it is entered, not only when it is validated later. Other tags accept any value.
func CheckTagValue(name, value string) error {
	switch {
	case strings.ContainsAny(value, "\"\n\r"):
		return fmt.Errorf("%q: a tag value cannot hold a quote or a line break", value)
	case name == "Date" && !isDate(value):
		return fmt.Errorf("%q is not a date YYYY.MM.DD (? for unknown digits)", value)
	case name == "Result" && !isResult(value):
		return fmt.Errorf("%q is not a result (1-0, 0-1, 1/2-1/2, *)", value)
	}
	return nil
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
