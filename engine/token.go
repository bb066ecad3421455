package engine

import "strings"

// FormatMove writes the canonical token of m (spec section 4): pit, direction and every suffix
// that applies in the 4x8 games; the pit alone in Kingulu and Kimasai.
func (v *Variant) FormatMove(m Move) string {
	var buf [8]byte
	return string(v.AppendMove(buf[:0], m))
}

// AppendMove appends the canonical token of m to b, as FormatMove writes it: batch output
// encodes thousands of moves a second without allocating.
func (v *Variant) AppendMove(b []byte, m Move) []byte {
	b = v.AppendPitName(b, m.Pit)
	if !v.syntax.dir {
		return b
	}
	b = append(b, m.Dir.String()...)
	if m.Safari {
		b = append(b, '+')
	}
	switch {
	case m.Flags&Takasia != 0:
		b = append(b, "**"...)
	case m.Flags&Takasa != 0:
		b = append(b, '*')
	}
	if m.Flags&Wins != 0 {
		b = append(b, '#')
	}
	return b
}

// token is a move token taken apart.
type token struct {
	pit, to Pit
	dir     Dir
	safari  bool
	flags   Flags // the informative suffixes written
}

// lexToken splits a token into its parts. Which parts a variant allows is checked here too, so
// that "A4>" in Kingulu is a bad token rather than a puzzling non-match.
func (v *Variant) lexToken(s string) (token, string) {
	t := token{to: NoPit}
	p, n := v.scanPit(s)
	if n == 0 {
		return t, "expected a pit of " + v.name + " (" + v.pitRange() + ")"
	}
	t.pit = p
	rest := s[n:]
	syn := v.syntax
	if syn.to && strings.HasPrefix(rest, "-") {
		q, n := v.scanPit(rest[1:])
		if n == 0 {
			return t, "expected a destination pit after -"
		}
		t.to, rest = q, rest[1+n:]
	}
	if syn.dir && rest != "" && (rest[0] == '<' || rest[0] == '>') {
		t.dir = Left
		if rest[0] == '>' {
			t.dir = Right
		}
		rest = rest[1:]
	}
	if syn.dir && strings.HasPrefix(rest, "+") {
		t.safari, rest = true, rest[1:]
	}
	switch {
	case syn.dir && strings.HasPrefix(rest, "**"):
		t.flags, rest = t.flags|Takasia|Takasa, rest[2:]
	case syn.dir && strings.HasPrefix(rest, "*"):
		t.flags, rest = t.flags|Takasa, rest[1:]
	}
	if syn.capture && strings.HasPrefix(rest, "x") {
		t.flags, rest = t.flags|Capture, rest[1:]
	}
	if syn.mtoto && strings.HasPrefix(rest, "=") {
		t.flags, rest = t.flags|Mtoto, rest[1:]
	}
	if syn.dir && strings.HasPrefix(rest, "#") {
		t.flags, rest = t.flags|Wins, rest[1:]
	}
	if rest != "" {
		return t, "unexpected " + strconvQuote(rest) + " after " + strconvQuote(s[:len(s)-len(rest)])
	}
	return t, ""
}

// pitRange names the variant's pits, e.g. "A1-A6, a1-a6".
func (v *Variant) pitRange() string {
	var b strings.Builder
	for i, row := range v.bpnOrder[v.rows:] { // South's rows, front first
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v.PitName(row[0]) + "-" + v.PitName(row[v.width-1]))
	}
	for i := range v.rows {
		row := v.bpnOrder[v.rows-1-i] // North's rows, front first, written W..1
		b.WriteString(", " + v.PitName(row[v.width-1]) + "-" + v.PitName(row[0]))
	}
	return b.String()
}

func strconvQuote(s string) string { return "\"" + s + "\"" }

// ParseMove reads a move token in position p and returns the legal move it names, with its
// flags. It accepts the omissions the spec allows (a forced direction, the informative
// suffixes), checks the suffixes that are written, and reports a token that fits several
// legal moves as ambiguous, listing them.
func (p Position) ParseMove(s string) (Move, error) {
	c, err := p.ParseChild(s, nil)
	return c.Move, err
}

// ParseChild is ParseMove that also returns the resulting position. cs, if not nil, must be
// p.Children(...): callers that already have the list pass it to avoid generating it again.
func (p Position) ParseChild(s string, cs []Child) (Child, error) {
	var buf []Child
	return p.readMove(s, cs, &buf, p.v.rules)
}

// readMove reads token s with the rules rs (the variant's, perhaps metered). Without the list
// cs it plays only the moves at the token's pit, into *buf (reused by games from ply to ply),
// and lists every legal move only for an error.
func (p Position) readMove(s string, cs []Child, buf *[]Child, rs ruleset) (Child, error) {
	v := p.v
	t, msg := v.lexToken(s)
	if msg != "" {
		return Child{}, &MoveError{Token: s, Err: ErrBadMove, Reason: msg}
	}
	all := cs != nil // cs lists every legal move
	if cs == nil {
		*buf = rs.childrenAt(p, t.pit, t.dir, *buf)
		if len(*buf) == 0 {
			cs, all = rs.children(p, nil), true // the token names no legal move: the error lists them all
		} else {
			cs = *buf
		}
	}
	if len(cs) == 0 {
		return Child{}, p.gameOver(s, rs)
	}
	fits := func(m Move) bool {
		return m.Pit == t.pit && m.Safari == t.safari && (t.dir == NoDir || m.Dir == t.dir) &&
			(t.to == NoPit || v.stepTo(m.Pit) == t.to)
	}
	// Count the legal moves the token fits without collecting them: the common case is one.
	fit, n := -1, 0
	for i, c := range cs {
		if fits(c.Move) {
			if n == 0 {
				fit = i
			}
			n++
		}
	}
	switch n {
	case 0:
		if !all { // cs holds only the moves at the token's pit: list them all
			cs = rs.children(p, nil)
		}
		return Child{}, p.illegal(s, t, cs, rs)
	case 1:
	default:
		var cands []Child
		for _, c := range cs[fit:] {
			if fits(c.Move) {
				cands = append(cands, c)
			}
		}
		return Child{}, &MoveError{Token: s, Err: ErrAmbiguousMove, Legal: tokens(v, cands)}
	}
	c := cs[fit]
	if missing := t.flags &^ c.Move.Flags; missing != 0 {
		return Child{}, &MoveError{Token: s, Err: ErrSuffixMismatch,
			Reason: "the move is " + v.FormatMove(c.Move), Legal: tokens(v, rs.children(p, nil))}
	}
	return c, nil
}

// tokens writes the canonical token of each move, for the lists in errors.
func tokens(v *Variant, cs []Child) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = v.FormatMove(c.Move)
	}
	return out
}
