package notation

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bao-archive/bao/engine"
)

// EditOp is the kind of a change to a main line as written.
type EditOp uint8

const (
	Replace EditOp = iota // a written move read as another
	Insert                // a move the scribe left out
	Delete                // a move written twice or by mistake
)

var editOps = [...]string{Replace: "replace", Insert: "insert", Delete: "delete"}

func (o EditOp) String() string { return editOps[o] }

// MarshalText writes the op as spec 6.1 spells it.
func (o EditOp) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// Edit is one change to a record's main line as written.
type Edit struct {
	// Ply is the 1-based index of the written move among the main line's moves as written; an
	// insert goes before it (one past the last: at the end).
	Ply int
	Op  EditOp
	Was string // the written token; "" for an insert
	Now string // the proposed canonical token; "" for a delete
	// Fill: the written token was illegible (it holds '?') and Now is a completion of it, not
	// a correction.
	Fill bool
	Pos  Pos // where the written token is (for an insert, the one it goes before)
	// Then counts the written moves after the edit that replay before the next correction or
	// the end: how many later plies the edit makes legal.
	Then int
}

// Repair is a set of edits that makes a whole main line legal and consistent with its [%pos]
// checkpoints and its result.
type Repair struct {
	Edits []Edit // in the order of the main line, fills included
	// Cost scores how unlikely the scribe's slips are: the lower, the more plausible
	// (docs/repair.md explains the scale).
	Cost int
}

// Corrections counts the edits that are not fills.
func (r Repair) Corrections() int {
	n := 0
	for _, e := range r.Edits {
		if !e.Fill {
			n++
		}
	}
	return n
}

// first is the ply of the first correction, or 0.
func (r Repair) first() int {
	for _, e := range r.Edits {
		if !e.Fill {
			return e.Ply
		}
	}
	return 0
}

// RepairOptions bound a repair search.
type RepairOptions struct {
	MaxEdits int           // corrections per repair; 2 if 0
	Top      int           // repairs returned; 5 if 0
	Budget   time.Duration // time the search may take; 20 s if 0
}

// ErrNoRepair: no set of edits within the limit makes the main line legal.
var ErrNoRepair = errors.New("no repair")

// ErrBudget: a repair search stopped at its time budget, or with as many repairs as it keeps;
// the repairs found so far are returned.
var ErrBudget = errors.New("repair search budget exceeded")

// Repairs finds the smallest sets of edits (replace, insert, delete; see Edit) that make the
// record's main line legal as a whole, consistent with its [%pos] checkpoints and with its
// Result where the game ends on the board, and fills its illegible moves; most plausible
// first. A main line that replays as written, with no illegible move, has no repairs.
//
// The search walks the main line with the engine and corrects a move only where the line
// cannot go on: a correction must make the game legal at least as far as the next one, so a
// one-error game of 150 plies costs a few thousand plies. It stops at opts.Budget with
// ErrBudget and the repairs found until then, and with ErrNoRepair when no repair is within
// opts.MaxEdits. A record without a usable start gives its *Error.
func Repairs(r *Record, opts RepairOptions) ([]Repair, error) {
	if opts.MaxEdits == 0 {
		opts.MaxEdits = 2
	}
	if opts.Top == 0 {
		opts.Top = 5
	}
	if opts.Budget == 0 {
		opts.Budget = 20 * time.Second
	}
	if r.hasGap() {
		return repairStretches(r, opts)
	}
	s, e := newSearch(r, opts.Budget)
	if e != nil {
		return nil, e
	}
	// The smallest repairs first: beyond the default two corrections, one more is allowed
	// only while none is found, so that a large MaxEdits does not fill the search with long
	// chains of corrections before it finds the one slip.
	s.max = min(opts.MaxEdits, 2)
	clean := s.from(0, 0, noEdit)
	for !clean && len(s.sols) == 0 && !s.over && s.max < opts.MaxEdits {
		s.max++
		clean = s.from(0, 0, noEdit)
	}
	reps := s.ranked()
	if len(reps) > opts.Top {
		reps = reps[:opts.Top]
	}
	if s.over {
		return reps, fmt.Errorf("%w: stopped after %s or %d repairs (%d plies played); the repairs found so far are listed (a smaller --max-edits searches less)",
			ErrBudget, opts.Budget, maxRepairs, s.plies)
	}
	if len(reps) == 0 && !clean {
		// Slips far apart: each mended in its own stretch, as the verifier does, so that
		// MaxEdits bounds the corrections of one stretch, not of the whole game.
		if rep, ok := regionalRepair(r); ok {
			return []Repair{rep}, nil
		}
		return nil, fmt.Errorf("%w with at most %d edits", ErrNoRepair, opts.MaxEdits)
	}
	return reps, nil
}

// search is a walk of one main line with corrections.
type search struct {
	rec      *Record
	nodes    []*Node
	pats     []*shape // the illegible tokens; nil for the others
	g        *engine.Game
	max      int
	edits    []Edit // the edits of the line being tried
	sols     []Repair
	keys     map[string]int // the moves of a repaired line -> its index in sols
	plies    int
	deadline time.Time
	over     bool
	bufs     [][]engine.Child // by ply, reused
}

func newSearch(r *Record, budget time.Duration) (*search, *Error) {
	start, e := r.start()
	if e != nil {
		return nil, e
	}
	s := &search{rec: r, nodes: r.Moves, pats: make([]*shape, len(r.Moves)), g: engine.NewGame(start),
		keys: map[string]int{}, deadline: time.Now().Add(budget)}
	for i, n := range r.Moves {
		if Illegible(n.Token) {
			if sh, ok := readShape(n.Token); ok {
				s.pats[i] = &sh
			}
		}
	}
	return s, nil
}

// lastEdit says what the previous edit was, to skip pairs that are one replace in disguise.
type lastEdit struct {
	op  EditOp
	at  int
	set bool
}

var noEdit = lastEdit{}

// tick counts a ply played and reports whether the budget is spent.
func (s *search) tick() bool {
	s.plies++
	if s.plies%1024 == 0 && time.Now().After(s.deadline) {
		s.over = true
	}
	return s.over
}

// children lists the legal moves of the current position into a buffer kept for its ply.
func (s *search) children() []engine.Child {
	d := len(s.g.Moves())
	for len(s.bufs) <= d {
		s.bufs = append(s.bufs, nil)
	}
	s.bufs[d] = s.g.Position().Children(s.bufs[d][:0])
	return s.bufs[d]
}

// token is the canonical token of a move of the current position.
func (s *search) token(m engine.Move) string { return s.g.Position().Variant().FormatMove(m) }

// play plays a legal move; it reports false past the budget, or when the game refuses it
// (a Kimasai position repeated).
func (s *search) play(m engine.Move) bool { return !s.tick() && s.g.Play(m) == nil }

// fitsAfter reports whether the position after written move i agrees with its checkpoints.
func (s *search) fitsAfter(i int) bool {
	n := s.nodes[i]
	ok := true
	check := func(body string, _ Pos, closed bool) {
		ok = ok && closed && checkPos(body, s.g.Position(), "") == nil
	}
	posCommands(n.After, check)
	for _, v := range n.Variations {
		posCommands(v.After, check)
	}
	return ok
}

// endFits reports whether the game's end agrees with the record's result.
func (s *search) endFits() bool {
	_, err := s.rec.resultError(s.g.Status())
	return err == nil
}

// playWritten plays written move i as written (never an illegible one).
func (s *search) playWritten(i int) bool {
	if s.pats[i] != nil {
		return false
	}
	if _, err := s.g.PlayToken(s.nodes[i].Token); err != nil {
		return false
	}
	if s.tick() || !s.fitsAfter(i) {
		s.g.Undo()
		return false
	}
	return true
}

// from goes on from written move i (0-based) with used corrections made. It reports whether
// some way on without further corrections reaches an end that fits: corrections after that
// would only make larger repairs of the same line.
func (s *search) from(i, used int, last lastEdit) bool {
	if s.over {
		return false
	}
	if i == len(s.nodes) {
		if s.endFits() {
			s.record()
			return true
		}
		if used < s.max {
			for _, c := range s.children() {
				s.try(Edit{Ply: i + 1, Op: Insert, Now: s.token(c.Move)}, c.Move, -1, i, used+1, lastEdit{Insert, i, true})
			}
		}
		return false
	}
	n := s.nodes[i]
	clean := false
	if pat := s.pats[i]; pat != nil {
		for _, c := range s.children() {
			if tok := s.token(c.Move); fits(*pat, tok) {
				clean = s.try(Edit{Ply: i + 1, Op: Replace, Was: n.Token, Now: tok, Fill: true, Pos: n.Pos}, c.Move, i, i+1, used, noEdit) || clean
			}
		}
	} else if s.playWritten(i) {
		clean = s.from(i+1, used, noEdit)
		s.g.Undo()
	}
	if clean || used == s.max || s.over {
		return clean
	}
	written := ""
	if s.pats[i] == nil {
		if m, err := s.g.Position().ParseMove(n.Token); err == nil {
			written = s.token(m)
		}
	}
	cs := s.children()
	for _, c := range cs {
		if tok := s.token(c.Move); tok != written && (s.pats[i] == nil || !fits(*s.pats[i], tok)) {
			s.try(Edit{Ply: i + 1, Op: Replace, Was: n.Token, Now: tok, Pos: n.Pos}, c.Move, i, i+1, used+1, lastEdit{Replace, i, true})
		}
	}
	if last != (lastEdit{Delete, i - 1, true}) { // delete then insert is a replace
		for _, c := range cs {
			s.try(Edit{Ply: i + 1, Op: Insert, Now: s.token(c.Move), Pos: n.Pos}, c.Move, -1, i, used+1, lastEdit{Insert, i, true})
		}
	}
	if last != (lastEdit{Insert, i, true}) { // insert then delete is a replace
		s.edits = append(s.edits, Edit{Ply: i + 1, Op: Delete, Was: n.Token, Pos: n.Pos})
		s.from(i+1, used+1, lastEdit{Delete, i, true})
		s.edits = s.edits[:len(s.edits)-1]
	}
	return false
}

// try plays move m as edit e (after written move at, whose checkpoints then apply, or -1)
// and goes on from written move next.
func (s *search) try(e Edit, m engine.Move, at, next, used int, last lastEdit) bool {
	if !s.play(m) {
		return false
	}
	clean := false
	if at < 0 || s.fitsAfter(at) {
		s.edits = append(s.edits, e)
		clean = s.from(next, used, last)
		s.edits = s.edits[:len(s.edits)-1]
	}
	s.g.Undo()
	return clean
}

// record keeps the line being tried as a repair, unless the same moves were found at a
// lower cost.
func (s *search) record() {
	if len(s.edits) == 0 {
		return // the line replays as written
	}
	v := s.g.Start().Variant()
	var key strings.Builder
	for _, m := range s.g.Moves() {
		key.WriteString(v.FormatMove(m) + " ")
	}
	rep := Repair{Edits: slices.Clone(s.edits)}
	for k := range rep.Edits {
		e := &rep.Edits[k]
		next := len(s.nodes) + 1
		for _, f := range rep.Edits[k+1:] {
			if !f.Fill {
				next = f.Ply
				break
			}
		}
		if e.Op == Insert {
			e.Then = next - e.Ply
		} else {
			e.Then = next - e.Ply - 1
		}
		rep.Cost += s.cost(*e)
	}
	if k, ok := s.keys[key.String()]; ok {
		if rep.Cost < s.sols[k].Cost {
			s.sols[k] = rep
		}
		return
	}
	s.keys[key.String()] = len(s.sols)
	s.sols = append(s.sols, rep)
	if len(s.sols) >= maxRepairs {
		s.over = true // enough to rank: stop as at the budget
	}
}

// maxRepairs bounds the repairs one search keeps. A large MaxEdits finds millions on a long
// game (--max-edits 1000000 on a 30-ply game held 7 GB and ranked them for 10 s past the
// budget); the most plausible come from far fewer.
const maxRepairs = 4096

// cost scores one edit: a correction costs editCost and its distance from what was written;
// a fill costs nothing.
func (s *search) cost(e Edit) int {
	switch {
	case e.Fill:
		return 0
	case e.Op == Replace:
		return editCost + distance(e.Was, e.Now)
	case e.Op == Delete && e.Ply > 1 && s.nodes[e.Ply-2].Token == e.Was: // written twice
		return editCost + 1
	}
	return editCost + leftOut
}

const (
	editCost = 2 // any correction, however close
	leftOut  = 5 // a move left out, or one written by mistake
)

// ranked drops the repairs that hold a smaller one and sorts the rest, most plausible first:
// by cost, then fewer corrections, then the later first correction.
func (s *search) ranked() []Repair {
	type ed struct {
		ply int
		op  EditOp
		now string
	}
	sets := make([]map[ed]bool, len(s.sols))
	for i, r := range s.sols {
		sets[i] = map[ed]bool{}
		for _, e := range r.Edits {
			if !e.Fill {
				sets[i][ed{e.Ply, e.Op, e.Now}] = true
			}
		}
	}
	holds := func(big, small map[ed]bool) bool {
		if len(small) >= len(big) {
			return false
		}
		for e := range small {
			if !big[e] {
				return false
			}
		}
		return true
	}
	var out []Repair
	for i, r := range s.sols {
		minimal := true
		for j := range s.sols {
			if holds(sets[i], sets[j]) {
				minimal = false
				break
			}
		}
		if minimal {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b Repair) int {
		if a.Cost != b.Cost {
			return a.Cost - b.Cost
		}
		if a.Corrections() != b.Corrections() {
			return a.Corrections() - b.Corrections()
		}
		return b.first() - a.first()
	})
	return out
}

// Repaired returns a copy of the record whose main line has the repair's edits made; the
// record itself is not changed. With was, every move the repair changed keeps what the
// scribe wrote in a comment command after it, [%was TOKENS]: the written tokens the move
// stands for (one for a replaced or filled move, none for an inserted one, and a deleted
// move's token added to the move before it), so nothing written is lost. A deleted move's
// comments go to the move before it and its variations, which start from the same position,
// to the move after it.
func (r *Record) Repaired(rep Repair, was bool) *Record {
	type kept struct {
		n       *Node
		written []string
		changed bool
	}
	var line []*kept
	var waiting []*Node // deleted moves whose comments or variations go to the next move
	add := func(k *kept) {
		if len(waiting) > 0 {
			c := *k.n
			var before []Comment
			var vars []*Variation
			for _, o := range waiting {
				if len(line) == 0 { // deleted before any kept move: its token and comments too
					k.written = append([]string{o.Token}, k.written...)
					before = append(append(before, o.Before...), o.After...)
				}
				vars = append(vars, o.Variations...)
			}
			c.Before = append(before, c.Before...)
			c.Variations = append(vars, c.Variations...)
			k.n, k.changed, waiting = &c, true, nil
		}
		line = append(line, k)
	}
	edits := rep.Edits
	plies := r.writtenPlies() // a gap's is 0: no edit is made at a gap
	at := func(i int, op EditOp) bool { return len(edits) > 0 && edits[0].Ply == plies[i] && (edits[0].Op == op) }
	for i := 0; i <= len(r.Moves); i++ {
		for ; at(i, Insert); edits = edits[1:] {
			add(&kept{n: &Node{Token: edits[0].Now, Pos: edits[0].Pos}, changed: true})
		}
		if i == len(r.Moves) {
			break
		}
		n := r.Moves[i]
		switch {
		case at(i, Delete):
			edits = edits[1:]
			if len(line) > 0 {
				prev := line[len(line)-1]
				c := *prev.n
				c.After = append(slices.Clip(c.After), n.After...)
				prev.n, prev.written, prev.changed = &c, append(prev.written, n.Token), true
			}
			if len(line) == 0 || len(n.Variations) > 0 {
				waiting = append(waiting, n)
			}
		case at(i, Replace):
			c := *n
			c.Token = edits[0].Now
			edits = edits[1:]
			add(&kept{n: &c, written: []string{n.Token}, changed: true})
		default:
			add(&kept{n: n, written: []string{n.Token}})
		}
	}
	out := *r
	out.Moves = make([]*Node, len(line))
	for i, k := range line {
		if was && k.changed && !hasWas(k.n) {
			c := *k.n
			c.After = append(slices.Clip(c.After), Comment{Text: FormatCommand("was", strings.Join(k.written, " "))})
			k.n = &c
		}
		out.Moves[i] = k.n
	}
	return &out
}

// Was returns what the scribe wrote for a move that a repair changed, from its [%was …]
// comment command: the written tokens, space-separated ("" for an inserted move), and
// whether the move has one.
func (n *Node) Was() (string, bool) {
	for _, c := range n.After {
		for _, cmd := range Commands(c.Text) {
			if cmd.Name == "was" {
				if cmd.Closed {
					return strings.TrimSpace(cmd.Args), true
				}
				break
			}
		}
	}
	return "", false
}

func hasWas(n *Node) bool { _, ok := n.Was(); return ok }
