package notation

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/bao-archive/bao/engine"
)

// Error kinds; test them with errors.Is. Move errors also match the engine's kinds
// (engine.ErrIllegalMove, engine.ErrAmbiguousMove, engine.ErrSuffixMismatch, engine.ErrBadMove,
// engine.ErrGameOver), and bad tag values the engine's engine.ErrUnknownVariant or
// engine.ErrBadPosition.
var (
	// Reading.
	ErrSyntax       = errors.New("syntax error")
	ErrUnterminated = errors.New("unterminated")
	ErrEncoding     = errors.New("bad encoding")
	ErrTooLarge     = errors.New("too large")
	ErrTooDeep      = errors.New("variations nested too deep")
	// ErrNoGames: a file meant to hold records holds none (empty, or comments and escapes
	// alone). A validator reports it: an empty file is almost always a mistake (a failed
	// export, a redirection that truncated it), and "ok: 0 games" would hide it.
	ErrNoGames = errors.New("no games in this file")
	// Verifying.
	ErrNoVariant        = errors.New("no Variant tag")
	ErrBadTag           = errors.New("bad tag")
	ErrPositionMismatch = errors.New("position mismatch")
	ErrResultMismatch   = errors.New("result mismatch")
	ErrPlyCount         = errors.New("wrong PlyCount")
	ErrIllegible        = errors.New("illegible move")
	// ErrFilled marks a note, not a problem: an illegible move read as its one completion.
	ErrFilled = errors.New("filled")
	// ErrGap: a gap (...) whose moves after it cannot be replayed: no [%pos] checkpoint says
	// where they start, or its move number contradicts it.
	ErrGap = errors.New("gap")
	// ErrFragment marks a note, not a problem: which stretches of a record with gaps verified.
	ErrFragment = errors.New("fragment")
	// A bug: a panic while handling one record, reported as that record's problem so that it
	// never stops the others (see Record.Internal).
	ErrInternal = errors.New("internal error")
)

// Internal reports a panic p, recovered while handling r, as r's problem.
func (r *Record) Internal(p any) *Error {
	return &Error{File: r.File, Pos: r.Pos, Game: r.Number, Err: fmt.Errorf("%w: %v (a bug in bao: please report it with this record)", ErrInternal, p)}
}

// Error is one problem in a record file, at a position. The fields after Err say where in the
// game it is and, for a move, what the board was and which moves were legal.
type Error struct {
	File string
	Pos  Pos
	Err  error

	Game  int             // the game's 1-based number in its file; 0 if none
	Ply   int             // the ply (half-move) counted from the game's start; 0 if none
	Move  string          // the move token as written, if the problem concerns one
	Legal []string        // the legal moves (for an ambiguous token, its candidates)
	Board engine.Position // the board before the move (for a checkpoint, the actual board); zero if none
}

// Error formats the problem as "file:line:col: message", or "file: message" when it has no
// position (a file that cannot be read).
func (e *Error) Error() string {
	if !e.Pos.IsValid() {
		return fmt.Sprintf("%s: %s", DisplayName(e.File), e.Message())
	}
	return fmt.Sprintf("%s:%d:%d: %s", DisplayName(e.File), e.Pos.Line, e.Pos.Col, e.Message())
}

// DisplayName is a file name (or a tag value) as messages show it: control characters (a line
// feed in a name, ESC) escaped as in Go strings, so that every message stays one line and sends
// the terminal nothing, and so are the characters that turn text around (U+202E), so that
// "evil\u202egnp.bgn" does not show as "evilnpg.bgn".
func DisplayName(name string) string {
	if !strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) }) {
		return name
	}
	q := strconv.Quote(name)
	return q[1 : len(q)-1]
}

// Message is the problem without its location: the game and ply, then the cause.
func (e *Error) Message() string {
	switch {
	case e.Game > 0 && e.Ply > 0:
		return fmt.Sprintf("game %d, ply %d: %v", e.Game, e.Ply, e.Err)
	case e.Game > 0:
		return fmt.Sprintf("game %d: %v", e.Game, e.Err)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// Detail shows the board of a move or checkpoint problem as indented lines (its BPN and a
// diagram), for people reading diagnostics; it is empty when the problem has no board.
func (e *Error) Detail() string {
	if e.Board.Variant() == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\tposition: %s\n", e.Board)
	for _, line := range strings.SplitAfter(strings.TrimSuffix(Diagram(e.Board), "\n"), "\n") {
		b.WriteString("\t" + line)
	}
	b.WriteByte('\n')
	return b.String()
}

// ErrorList is a list of problems, as go/scanner keeps them.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(e *Error) { *l = append(*l, e) }

// Sort orders the list by file, line and column, keeping the order of errors at one place.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		return a.Pos.Col < b.Pos.Col
	})
}

// Error gives the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Unwrap lets errors.Is and errors.As look at every error of the list.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns the list as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
