package exchange

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bao-archive/bao/notation"
)

// Bounds of what an imported record carries. Real values are far shorter; bao's reader takes
// a record of at most 1 MiB, and a file it cannot read takes no more imports.
const (
	maxTagValue = 1 << 10  // bytes of a tag value
	maxComment  = 16 << 10 // bytes of a comment
	maxKept     = 200      // bytes of unreadable text kept in a comment
	maxMoveText = 512 << 10
)

// readable makes r a record that bao's own reader reads back as it is, and returns each change
// as a problem at its place: control characters and bytes that are not UTF-8 leave tag values
// and comments, which are cut at a bound; a tag whose name is not one is dropped; a move token
// the reader would not read as one ends the moves, and it and the tokens after it are kept,
// cut, in a comment. A record that still does not read back (too long) keeps its tags alone.
func readable(r *notation.Record) notation.ErrorList {
	var changes notation.ErrorList
	change := func(kind error, pos notation.Pos, format string, args ...any) {
		if !pos.IsValid() {
			pos = r.Pos
		}
		changes = append(changes, &notation.Error{File: r.File, Pos: pos, Game: r.Number,
			Err: fmt.Errorf("%w: "+format, append([]any{kind}, args...)...)})
	}
	tags := r.Tags[:0]
	for _, t := range r.Tags {
		if !isTagName(t.Name) {
			change(notation.ErrBadTag, t.Pos, "tag %s is not a tag name; left out", clip(t.Name, 40))
			continue
		}
		if v, what := clean(t.Value, maxTagValue, false); what != "" {
			change(notation.ErrEncoding, t.ValuePos, "tag %s: %s", t.Name, what)
			t.Value = v
		}
		tags = append(tags, t)
	}
	r.Tags = tags
	cleanComments := func(cs []notation.Comment) {
		for i, c := range cs {
			if v, what := clean(c.Text, maxComment, true); what != "" {
				change(notation.ErrEncoding, c.Pos, "comment: %s", what)
				cs[i].Text = v
			}
		}
	}
	cleanComments(r.Comments)
	var kept *notation.Comment
	if r.Moves, kept = readableLine(r.Moves, change, cleanComments); kept != nil {
		if len(r.Moves) == 0 {
			r.Comments = append(r.Comments, *kept)
		} else {
			last := r.Moves[len(r.Moves)-1]
			last.After = append(last.After, *kept)
		}
	}
	if readsBack(r) {
		return changes
	}
	change(notation.ErrTooLarge, r.Pos, "the record does not fit in one BGN record of bao's reader; its moves are left out")
	r.Moves, r.Comments = nil, nil
	if !readsBack(r) { // tags past number: the ones that say which game it is stay
		r.Tags = slices.DeleteFunc(r.Tags, func(t notation.Tag) bool {
			return !slices.Contains([]string{"Event", "Site", "Date", "Round", "South", "North", "Result", "Variant", "SetUp", "Position"}, t.Name)
		})
	}
	return changes
}

// readableLine cleans the comments of a line and its variations, and ends it at the first
// token the reader would not read: that token and the rest are kept, as text, in the comment
// kept (nil when the line reads whole), which the caller places.
func readableLine(line []*notation.Node, change func(error, notation.Pos, string, ...any), cleanComments func([]notation.Comment)) ([]*notation.Node, *notation.Comment) {
	size := 0
	for i, n := range line {
		size += len(n.Token) + 1
		if !notation.IsMoveToken(n.Token) || size > maxMoveText {
			var rest []string
			for _, m := range line[i:] {
				rest = append(rest, m.Token)
			}
			text, _ := clean(strings.Join(rest, " "), maxKept, false)
			what := "it is"
			if after := len(line) - i - 1; after > 0 {
				what = fmt.Sprintf("it and the %d tokens after it are", after)
			}
			change(notation.ErrSyntax, n.Pos, "%q is not a move token bao reads; %s kept in a comment", clip(n.Token, 40), what)
			return line[:i], &notation.Comment{Text: "not read as moves: " + text, Pos: n.Pos}
		}
		cleanComments(n.Before)
		cleanComments(n.After)
		vs := n.Variations[:0]
		for _, v := range n.Variations {
			cleanComments(v.After)
			var kept *notation.Comment
			if v.Moves, kept = readableLine(v.Moves, change, cleanComments); kept != nil && len(v.Moves) == 0 {
				n.After = append(n.After, *kept) // a variation without moves is none
				continue
			} else if kept != nil {
				last := v.Moves[len(v.Moves)-1]
				last.After = append(last.After, *kept)
			}
			vs = append(vs, v)
		}
		n.Variations = vs
	}
	return line, nil
}

// readsBack tells whether r, written, is read back as one record without a problem.
func readsBack(r *notation.Record) bool {
	recs, err := notation.Parse(r.File, strings.NewReader(notation.Format(r)))
	return err == nil && len(recs) == 1
}

// clean is s without control characters (but the line breaks and tabs of a comment), with
// bytes that are not UTF-8 as U+FFFD, and cut at max bytes; what says what was changed.
func clean(s string, max int, comment bool) (out, what string) {
	var whats []string
	s = strings.ToValidUTF8(s, "\uFFFD") // ImportEach reports the input's first such byte
	controls := 0
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !(comment && (r == '\n' || r == '\t')) {
			controls++
			return -1
		}
		return r
	}, s)
	if controls > 0 {
		whats = append(whats, fmt.Sprintf("%d control characters left out", controls))
	}
	if len(s) > max {
		whats = append(whats, fmt.Sprintf("%d bytes, cut to %d", len(s), max))
		s = clip(s, max)
	}
	return s, strings.Join(whats, "; ")
}

// clip cuts s to at most max bytes at a character boundary, marking the cut with "…".
func clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// isTagName: letters, digits and _ (PGN's tag names), at most 64 bytes.
func isTagName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
