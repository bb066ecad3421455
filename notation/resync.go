package notation

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// The verifier keeps going after a move that cannot be played: it fills an illegible move
// when the rest of the game allows one completion, and otherwise resynchronises with the best
// one-edit repair, so that one run lists every problem of a transcript.

// resyncBudget bounds the searches of one record's resynchronisations, all together: a
// transcript with runs of illegible moves must not hold up a validation. A search that runs
// out says so, with an error of kind ErrBudget. (A variable for the tests only.)
var resyncBudget = 2 * time.Second

// reach plays on from written move i without corrections, filling illegible moves every way
// that fits, and says how far the line gets: the index of the first written move that cannot
// be played or disagrees with its checkpoints; len(nodes) when every move is played but the
// end disagrees with the result, one more when it agrees.
func (s *search) reach(i int) int {
	switch {
	case s.over:
		return i
	case i == len(s.nodes) && s.endFits():
		return i + 1
	case i == len(s.nodes):
		return i
	case s.pats[i] != nil:
		best := i
		for _, c := range s.children() {
			if best <= len(s.nodes) && fits(*s.pats[i], s.token(c.Move)) && s.play(c.Move) {
				if s.fitsAfter(i) {
					best = max(best, s.reach(i+1))
				}
				s.g.Undo()
			}
		}
		return best
	case !s.playWritten(i):
		return i
	}
	r := s.reach(i + 1)
	s.g.Undo()
	return r
}

// completions lists the completions of illegible move f, with the game before it, that let
// the line go furthest, and how far that is.
func (s *search) completions(f int) ([]string, int) {
	var best []string
	far := f
	for _, c := range s.children() {
		tok := s.token(c.Move)
		if !fits(*s.pats[f], tok) || !s.play(c.Move) {
			continue
		}
		if s.fitsAfter(f) {
			switch r := s.reach(f + 1); {
			case r > far:
				best, far = []string{tok}, r
			case r == far:
				best = append(best, tok)
			}
		}
		s.g.Undo()
	}
	return best, far
}

// resync finds the one edit, at a written move from lo to f, that lets the line go furthest
// past f, where it stops: of those, the most plausible, then the latest. It reports false when
// no edit gets the line past the move after f. The game is the one before f; resync takes it
// back move by move to lo.
func (s *search) resync(lo, f int) (Edit, bool) {
	var best Edit
	far, cost := f+1, 0
	consider := func(e Edit, r int) {
		if c := s.cost(e); r > far || r == far && best.Ply != 0 && c < cost {
			best, far, cost = e, r, c
		}
	}
	for e := f; e >= lo && !s.over; e-- {
		n := s.nodes[e]
		written := ""
		if m, err := s.g.Position().ParseMove(n.Token); err == nil {
			written = s.token(m)
		}
		cs := s.children()
		for _, c := range cs {
			tok := s.token(c.Move)
			if !s.play(c.Move) {
				continue
			}
			if tok != written && s.fitsAfter(e) {
				consider(Edit{Ply: e + 1, Op: Replace, Was: n.Token, Now: tok, Pos: n.Pos}, s.reach(e+1))
			}
			consider(Edit{Ply: e + 1, Op: Insert, Now: tok, Pos: n.Pos}, s.reach(e))
			s.g.Undo()
		}
		consider(Edit{Ply: e + 1, Op: Delete, Was: n.Token, Pos: n.Pos}, s.reach(e+1))
		s.g.Undo()
	}
	return best, best.Ply != 0
}

// describe says what an edit does, for people: "B5< at 12:7 read as A5<".
func (e Edit) describe() string {
	at := ""
	if e.Pos.IsValid() {
		at = " at " + e.Pos.String()
	}
	switch e.Op {
	case Insert:
		if !e.Pos.IsValid() {
			return e.Now + " added at the end"
		}
		return e.Now + " inserted before the move" + at
	case Delete:
		return e.Was + at + " deleted"
	}
	return e.Was + at + " read as " + e.Now
}

// keepGoing reports main-line move f of cur (played in step st), which cannot be played, and
// returns the record to go on with and the index of its first move not yet checked: an
// illegible move filled with its completion, or the best one-edit repair made. It returns nil
// when the line cannot go on; lo is the first move a repair may change.
func (vf *verifier) keepGoing(cur *Record, st *Step, lo int) (*Record, int) {
	e, f := st.Err, st.Index
	if vf.deadline.IsZero() {
		vf.deadline = time.Now().Add(resyncBudget)
	}
	// The search goes on with Walk's game, which stands before move f: cur has a usable start.
	s, _ := newSearch(cur, time.Until(vf.deadline))
	s.g = st.game
	if s.pats[f] != nil {
		toks, _ := s.completions(f)
		switch {
		case s.over:
			// the completions tried are not all there are: never a silent fill
			vf.unsure = true
			e.Err = fmt.Errorf("%w %s: %w: its completions were not all tried within %s", ErrIllegible, st.Node.Token, ErrBudget, resyncBudget)
			e.Legal = nil
			if len(toks) == 0 {
				break
			}
			e.Err = fmt.Errorf("%w; checked on with %s", e.Err, toks[0])
			vf.errs.Add(e)
			fill := Edit{Ply: f + 1, Op: Replace, Was: st.Node.Token, Now: toks[0], Fill: true}
			return cur.Repaired(Repair{Edits: []Edit{fill}}, false), f + 1
		case len(toks) == 0:
			e.Err = fmt.Errorf("%w %s: no legal move fits it", ErrIllegible, st.Node.Token)
		default:
			if len(toks) > 1 {
				vf.unsure = true
				e.Err = fmt.Errorf("%w %s: %d completions keep the game legal (%s); checked on with %s",
					ErrIllegible, st.Node.Token, len(toks), strings.Join(toks, " "), toks[0])
				e.Legal = toks
				vf.errs.Add(e)
			}
			fill := Edit{Ply: f + 1, Op: Replace, Was: st.Node.Token, Now: toks[0], Fill: true}
			return cur.Repaired(Repair{Edits: []Edit{fill}}, false), f + 1
		}
	}
	fix, ok := Edit{}, false
	if st.Rest > 0 { // with no move after it there is nothing to check on
		fix, ok = s.resync(lo, f)
	}
	if !ok {
		if s.over {
			vf.unsure = true
			e.Err = fmt.Errorf("%w (%w: no resynchronisation found within %s)", e.Err, ErrBudget, resyncBudget)
		}
		vf.moveError(e, st.Rest)
		return nil, 0
	}
	if s.over { // the best of the edits tried, not of all
		vf.unsure = true
		e.Err = fmt.Errorf("%w; resynchronised with the best one-edit repair found within %s (%s; %w) and checked on", e.Err, resyncBudget, fix.describe(), ErrBudget)
	} else {
		e.Err = fmt.Errorf("%w; resynchronised with the best one-edit repair (%s) and checked on", e.Err, fix.describe())
	}
	vf.errs.Add(e)
	written := fix
	written.Ply -= vf.shift
	vf.fixes = append(vf.fixes, written)
	vf.shift += map[EditOp]int{Insert: 1, Delete: -1}[fix.Op]
	next := map[EditOp]int{Replace: f + 1, Insert: f + 2, Delete: f}[fix.Op]
	return cur.Repaired(Repair{Edits: []Edit{fix}}, false), next
}

// regionalRepair is the repair the verifier's resynchronisations make together: each slip
// mended where it is, by the best one-edit repair of its own stretch of the game, however far
// the slips are apart. It is what bao validate reports, as one repair, with the illegible
// moves it fills; false when the verifier was unsure anywhere or the whole does not verify.
func regionalRepair(r *Record) (Repair, bool) {
	vf := &verifier{rec: r}
	vf.run(false, false, nil)
	if len(vf.fixes) == 0 || vf.unsure {
		return Repair{}, false
	}
	rep := Repair{Edits: slices.Clone(vf.fixes)}
	fixed := r.Repaired(rep, false)
	if len(Verify(fixed)) > 0 {
		return Repair{}, false
	}
	written := writtenIndex(len(r.Moves), rep.Edits)
	Walk(fixed, WalkOptions{}, func(st *Step) error {
		if st.Filled && written[st.Index] >= 0 {
			n := r.Moves[written[st.Index]]
			rep.Edits = append(rep.Edits, Edit{Ply: written[st.Index] + 1, Op: Replace, Was: n.Token, Now: st.Token(), Fill: true, Pos: n.Pos})
		}
		return nil
	})
	slices.SortStableFunc(rep.Edits, func(a, b Edit) int { return a.Ply - b.Ply })
	s, _ := newSearch(r, 0)
	next := len(r.Moves) + 1
	for i := len(rep.Edits) - 1; i >= 0; i-- {
		e := &rep.Edits[i]
		rep.Cost += s.cost(*e)
		if !e.Fill {
			e.Then = max(next-e.Ply-1, 0)
			next = e.Ply
		}
	}
	return rep, true
}

// writtenIndex maps each move of a main line of n written moves, after edits numbered as
// written are made, to its written index; -1 for an inserted move.
func writtenIndex(n int, edits []Edit) []int {
	var out []int
	k := 0
	for i := 0; i <= n; i++ {
		del := false
		for ; k < len(edits) && edits[k].Ply == i+1; k++ {
			switch edits[k].Op {
			case Insert:
				out = append(out, -1)
			case Delete:
				del = true
			}
		}
		if i < n && !del {
			out = append(out, i)
		}
	}
	return out
}
