package notation

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bao-archive/bao/engine"
)

// roster is the export order of the tags every record has (spec 5); Variant follows them, then
// the other tags alphabetically.
var roster = []string{"Event", "Site", "Date", "Round", "South", "North", "Result"}

// maxLine: movetext lines are shorter than 80 characters.
const maxLine = 79

// Write writes records in the canonical export form of spec 5, with a blank line between them.
// The output is byte-stable: reading it and writing it again gives the same bytes.
func Write(w io.Writer, recs ...*Record) error {
	e := NewEncoder(w)
	for _, r := range recs {
		if err := e.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// Encoder writes a stream of records, one at a time, as Write writes them all at once: the
// export form, a blank line between records. Every writer of a BGN stream (bao fmt, merge,
// selfplay, import, search --export, in-place rewrites) goes through it.
type Encoder struct {
	w   io.Writer
	n   int
	buf []byte
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w} }

// Encode writes one record, after a blank line unless it is the stream's first.
func (e *Encoder) Encode(r *Record) error {
	e.buf = e.buf[:0]
	if e.n > 0 {
		e.buf = append(e.buf, '\n')
	}
	e.buf = appendRecord(e.buf, r)
	e.n++
	_, err := e.w.Write(e.buf)
	return err
}

// Format returns a record in the canonical export form.
func Format(r *Record) string { return string(appendRecord(nil, r)) }

func appendRecord(b []byte, r *Record) []byte {
	result := r.Result
	if result == "" {
		result = "*"
		if t := r.Tag("Result"); isResult(t) {
			result = t
		}
	}
	for _, name := range roster {
		v, ok := r.lookup(name)
		switch {
		case ok:
		case name == "Date":
			v = "????.??.??"
		case name == "Result":
			v = result
		default:
			v = "?"
		}
		b = appendTag(b, name, v)
	}
	if v, ok := r.lookup("Variant"); ok {
		if vr, err := engine.LookupVariant(v); err == nil {
			v = vr.Name()
		}
		b = appendTag(b, "Variant", v)
	}
	var rest []Tag
	for _, t := range r.Tags {
		if t.Name != "Variant" && !slices.Contains(roster, t.Name) {
			rest = append(rest, t)
		}
	}
	slices.SortStableFunc(rest, func(a, b Tag) int { return strings.Compare(a.Name, b.Name) })
	for _, t := range rest {
		b = appendTag(b, t.Name, t.Value)
	}
	b = append(b, '\n')

	w := &printer{northFirst: northFirst(r)}
	if len(r.Moves) == 0 {
		for _, c := range r.Comments {
			w.comment(c)
		}
	}
	w.line(r.Moves, 0, r.writtenPlies())
	w.brk()
	w.text(result)
	w.flush()
	return append(append(b, w.b...), '\n')
}

func (r *Record) lookup(name string) (string, bool) {
	if t := r.tag(name); t != nil {
		return t.Value, true
	}
	return "", false
}

func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	// A value is read back on its line, as UTF-8 without NUL: a line break, a NUL or a byte
	// that is not UTF-8 (a player's name from another program) is written as a space or
	// U+FFFD, so that what is written can always be read.
	for _, r := range strings.ToValidUTF8(value, "\uFFFD") {
		switch r {
		case '"', '\\':
			b = append(b, '\\', byte(r))
		case '\n', '\r', 0:
			b = append(b, ' ')
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"', ']', '\n')
}

// northFirst reports whether the record's start position (its Position tag) has North to move.
func northFirst(r *Record) bool {
	f := strings.Fields(r.Tag("Position"))
	return len(f) > 1 && f[1] == "N"
}

// MoveNumber gives the move number of the ply made after ply earlier ones, and whether it is
// South's (1. for South, 1... for North), in a game whose first move is North's if northFirst.
func MoveNumber(ply int, northFirst bool) (int, bool) {
	if northFirst {
		ply++
	}
	return ply/2 + 1, ply%2 == 0
}

// printer fills lines of movetext. Text is built in groups that no line break may split (a move
// with its number, a word of a comment, a [%…] command); between groups it writes a space, or a
// line break when the next group would not fit.
type printer struct {
	northFirst bool
	b          []byte
	col        int // characters on the current line
	grp        []byte
	glue       bool // the next break opportunity is not one: just after '('
}

func (p *printer) text(s string) { p.grp = append(p.grp, s...) }

// brk marks a place where a line may break.
func (p *printer) brk() {
	if p.glue {
		p.glue = false
		return
	}
	p.flush()
}

func (p *printer) flush() {
	if len(p.grp) == 0 {
		return
	}
	w := utf8.RuneCount(p.grp)
	if p.col > 0 {
		if p.col+1+w <= maxLine {
			p.b = append(p.b, ' ')
			p.col++
		} else {
			p.b = append(p.b, '\n')
			p.col = 0
		}
	}
	p.b = append(p.b, p.grp...)
	p.col += w
	p.grp = p.grp[:0]
}

// newline ends the line: a line break that is part of a comment's text.
func (p *printer) newline() {
	p.flush()
	p.b = append(p.b, '\n')
	p.col = 0
}

// line writes moves from ply on, with move numbers where PGN puts them: before every South
// move, and before a North move that starts a line or follows a comment, a variation or a gap.
// The main line is numbered by plies (Record.writtenPlies), as it resumes after its gaps.
func (p *printer) line(nodes []*Node, ply int, plies []int) {
	needNum := true
	for i, n := range nodes {
		for _, c := range n.Before {
			p.comment(c)
		}
		p.brk()
		at := ply + i // plies before this move
		if plies != nil {
			at = plies[i] - 1
		}
		num, south := MoveNumber(at, p.northFirst)
		switch {
		case n.IsGap(): // not a move: no number
		case south:
			p.text(strconv.Itoa(num) + ". ")
		case needNum:
			p.text(strconv.Itoa(num) + "... ")
		}
		p.text(n.Token)
		needNum = n.IsGap() // the move after a gap is always numbered
		for _, nag := range n.NAGs {
			p.brk()
			p.text("$" + strconv.Itoa(nag))
		}
		for _, c := range n.After {
			p.comment(c)
			needNum = true
		}
		for _, v := range n.Variations {
			p.brk()
			p.text("(")
			p.glue = true
			p.line(v.Moves, at, nil)
			p.text(")")
			for _, c := range v.After {
				p.comment(c)
			}
			needNum = true
		}
	}
}

// comment writes a comment. A {…} comment may break at a single space between words, where a
// line break means the same in Markdown (a soft break): never inside a [%…] command, nor before
// a word that would start a Markdown block at the beginning of a line. Its own line breaks are
// kept. Text holding '}' can only be a ;… comment, which runs to the end of its line.
func (p *printer) comment(c Comment) {
	p.brk()
	if strings.Contains(c.Text, "}") {
		p.text(";" + strings.ReplaceAll(c.Text, "\n", " "))
		p.newline()
		return
	}
	t := c.Text
	p.text("{")
	cmdEnd := -1 // inside a [%…] command until this index
	for k := 0; k < len(t); k++ {
		switch ch := t[k]; {
		case ch == '[' && strings.HasPrefix(t[k:], "[%"):
			if e := strings.IndexByte(t[k:], ']'); e >= 0 {
				cmdEnd = k + e
			}
			p.grp = append(p.grp, ch)
		case ch == '\n':
			p.newline()
		case ch == ' ' && k > cmdEnd && softBreak(t, k):
			p.flush()
		default:
			p.grp = append(p.grp, ch)
		}
	}
	p.text("}")
}

// softBreak reports whether the space at t[k] may become a line break without changing what
// the Markdown means: a single space between two words, not after a backslash (a hard break),
// and not before a word that a line may not begin with.
func softBreak(t string, k int) bool {
	if k == 0 || k+1 >= len(t) {
		return false
	}
	prev, next := t[k-1], t[k+1]
	if prev == ' ' || prev == '\n' || prev == '\\' || next == ' ' || next == '\n' {
		return false
	}
	switch next {
	case '#', '>', '-', '+', '*', '=', '|', '<', '`', '~':
		return false
	}
	j := k + 1
	for j < len(t) && '0' <= t[j] && t[j] <= '9' {
		j++
	}
	return !(j > k+1 && j < len(t) && (t[j] == '.' || t[j] == ')'))
}
