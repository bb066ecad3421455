package notation

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bao-archive/bao/engine"
)

// Terminations are the Termination tag values that explain a result the board does not show
// (spec 5, Results).
var Terminations = []string{"resignation", "time forfeit", "agreement", "adjudication", "abandoned", "forfeit", "bye", Unrecorded}

// Unrecorded is the Termination of a game played over the board whose moves were not
// recorded (or were lost): its result stands without moves, and a record of it that has moves
// contradicts itself.
const Unrecorded = "unrecorded"

// Verify replays the main line and every variation of a record through the engine, from the
// variant's start or the Position tag, and checks what the record asserts: every move, every
// [%pos] checkpoint, the result against the final position, PlyCount, and the tag values bao
// understands. After a main-line move that cannot be played it keeps going: it fills an
// illegible move that the rest of the game allows one way (and lists the completions when it
// allows several), and otherwise resynchronises with the best one-edit repair, says so, and
// checks on, so that one run lists every problem; a variation, or a main line no one edit
// mends, stops at its first such move, and the error says how many moves after it went
// unchecked. It returns the problems sorted by
// position, or nil.
func Verify(r *Record) ErrorList {
	_, errs := check(r, false, false, nil)
	return errs
}

// VerifyWalk is Verify that also hands every step of its first walk (the record as written, main
// line and variations, with the engine's trace if asked) to visit, before checking it: a caller
// that shows the positions too, such as the site, plays each move once.
func VerifyWalk(r *Record, trace bool, visit func(*Step)) ErrorList {
	_, errs := check(r, false, trace, visit)
	return errs
}

// Check is Verify that also returns what Replay would, from the same pass through the engine:
// an indexer needs both, and replaying is most of the cost. The Replay is nil when the record
// has no usable start position.
func Check(r *Record) (*Replay, ErrorList) { return check(r, true, false, nil) }

func check(r *Record, replay, trace bool, visit func(*Step)) (*Replay, ErrorList) {
	return (&verifier{rec: r}).run(replay, trace, visit)
}

func (vf *verifier) run(replay, trace bool, visit func(*Step)) (*Replay, ErrorList) {
	r := vf.rec
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
	// Each round walks the record as repaired so far and reports what it has not reported yet:
	// the moves from index from of the main line on, and their variations.
	cur, from, build := r, 0, rp
	for round := 0; cur != nil && round < maxErrors; round++ {
		var stop *Step
		// The record walked is the one repaired so far: its plies are numbered as played,
		// but a problem is told by the ply it is written at, as the scribe numbered it and
		// bao repair tells it.
		reported, shift := len(vf.errs), vf.shift
		main := -1
		Walk(cur, WalkOptions{Variations: true, Trace: trace && round == 0}, func(s *Step) error {
			if round == 0 && visit != nil {
				visit(s) // the record as written; later rounds walk repaired copies
			}
			if s.Depth == 0 {
				main = s.Index
			}
			if main < from {
				return nil
			}
			vf.step(s)
			switch {
			case s.Depth > 0:
			case s.Err != nil:
				st := *s
				stop = &st
				if build != nil {
					build.Status = s.Status()
				}
			default:
				if build != nil {
					build.add(s)
				}
				if s.Last() {
					vf.result(s.After, s.Status())
				}
			}
			return nil
		})
		build = nil
		if stop != nil {
			cur, from = vf.keepGoing(cur, stop, from)
		}
		for _, e := range vf.errs[reported:] {
			if e.Ply > 0 {
				e.Ply -= shift
			}
		}
		if stop == nil {
			break
		}
	}
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
	// deadline ends the record's resynchronisations (see resyncBudget); zero until the first.
	deadline time.Time
	// fixes are the resynchronisations made, numbered as the moves are written (see
	// regionalRepair); shift is the moves they inserted less those they deleted.
	fixes []Edit
	shift int
	// unsure: a move was read one way of several, or a search ran out of time.
	unsure bool
}

// step checks what the record asserts about one move: that it can be played, and the [%pos]
// checkpoints before it, after it and after each of its variations.
func (vf *verifier) step(s *Step) {
	n := s.Node
	if len(n.Before) > 0 {
		vf.checkpoints(n.Before, s.Before, s.Ply-1, "", "before "+n.Token)
	}
	if e := s.Err; e != nil {
		if s.Depth > 0 { // the main line's are reported by keepGoing
			if Illegible(n.Token) {
				e.Err = fmt.Errorf("%w %s: illegible moves are filled on the main line only", ErrIllegible, n.Token)
			}
			vf.moveError(e, s.Rest)
		}
		return
	}
	vf.checkpoints(n.After, s.After, s.Ply, n.Token, "after "+n.Token)
	for _, v := range n.Variations {
		vf.checkpoints(v.After, s.After, s.Ply, n.Token, "after "+n.Token)
	}
}

// moveError reports a move that cannot be played, and how many later moves of its line go
// unchecked.
func (vf *verifier) moveError(e *Error, rest int) {
	switch rest {
	case 0:
	case 1:
		e.Err = fmt.Errorf("%w; the next move of this line is not checked", e.Err)
	default:
		e.Err = fmt.Errorf("%w; the %d later moves of this line are not checked", e.Err, rest)
	}
	vf.errs.Add(e)
}

// checkpoints checks the [%pos BPN] commands of comments against the actual position at.
func (vf *verifier) checkpoints(cs []Comment, at engine.Position, ply int, token, where string) {
	posCommands(cs, func(body string, pos Pos, closed bool) {
		e := &Error{File: vf.rec.File, Pos: pos, Game: vf.rec.Number, Ply: ply, Move: token, Board: at}
		if !closed {
			e.Err = fmt.Errorf("%w: [%%pos has no closing ']'", ErrSyntax)
		} else if e.Err = checkPos(body, at, where); e.Err == nil {
			return
		}
		vf.errs.Add(e)
	})
}

// positionDiff names the first difference between the asserted and the actual position: the
// first pit in BPN order, else the first other BPN field.
func positionDiff(want, got engine.Position) string {
	v := got.Variant()
	for _, row := range v.BPNOrder() {
		for _, x := range row {
			if w, g := want.Seeds(x), got.Seeds(x); w != g {
				return fmt.Sprintf("pit %s holds %d, [%%pos] says %d", v.PitName(x), g, w)
			}
		}
	}
	names := v.BPNFields()
	fw, fg := strings.Fields(want.String()), strings.Fields(got.String())
	for i := range fg {
		if fw[i] != fg[i] {
			return fmt.Sprintf("%s is %s, [%%pos] says %s", names[i], fg[i], fw[i])
		}
	}
	return "the positions differ"
}

// result checks the claimed result (the marker, else the Result tag) against the final
// position of the main line.
func (vf *verifier) result(final engine.Position, st engine.Status) {
	if at, err := vf.rec.resultError(st); err != nil {
		vf.errs.Add(&Error{File: vf.rec.File, Pos: at, Err: err, Game: vf.rec.Number, Board: final})
	}
}

// resultError says what is wrong with the claimed result of a game that ends in status st, and
// where the claim is written; nil when nothing is.
func (r *Record) resultError(st engine.Status) (Pos, error) {
	claim, at := r.Result, r.ResultPos
	if claim == "" {
		t := r.tag("Result")
		if t == nil || !isResult(t.Value) {
			return at, nil
		}
		claim, at = t.Value, t.ValuePos
	}
	switch {
	case claim == "*", st != engine.Ongoing && claim == st.Result():
		return at, nil
	case st != engine.Ongoing:
		return at, fmt.Errorf("%w: %s, but the game ended on the board in %s (%s)", ErrResultMismatch, claim, outcome(st), st.Result())
	case slices.Contains(Terminations, strings.ToLower(r.Tag("Termination"))):
		return at, nil
	}
	return at, fmt.Errorf("%w: %s, but the game has not ended on the board; a Termination tag must say why (%s)",
		ErrResultMismatch, claim, strings.Join(Terminations, ", "))
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
	if t := r.tag("Termination"); t != nil && strings.EqualFold(t.Value, Unrecorded) && len(r.Moves) > 0 {
		bad(t, "%q says the moves were not recorded, but the game has %d", t.Value, len(r.Moves))
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
// Result) and that the value can be written on its tag's line (no line break; quotes and
// backslashes are escaped), so that a record can be checked as it is entered, not only when
// it is validated later. Other tags accept any value.
func CheckTagValue(name, value string) error {
	switch {
	case strings.ContainsAny(value, "\n\r"):
		return fmt.Errorf("%q: a tag value cannot hold a line break", value)
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
