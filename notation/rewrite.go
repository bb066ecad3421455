package notation

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrEscapeLines marks a record file that Rewrite leaves as it was because its % escape lines,
// which belong to no record and which the export form does not write, would be lost.
var ErrEscapeLines = errors.New("% escape lines would be lost")

// NotRewritten is Rewrite's error for a file it read and left as it was, because rewriting it
// would lose something or it is not a record file: Err is its read or syntax errors (an
// ErrorList, each located), ErrNoGames, or ErrEscapeLines (Escapes counts them).
type NotRewritten struct {
	Path    string
	Escapes int
	Err     error
}

func (e *NotRewritten) Error() string {
	if errors.Is(e.Err, ErrEscapeLines) {
		return fmt.Sprintf("%s: not rewritten: its %d %% escape line(s) would be lost", e.Path, e.Escapes)
	}
	return e.Err.Error()
}

func (e *NotRewritten) Unwrap() error { return e.Err }

// RewriteOptions say what a Rewrite may lose.
type RewriteOptions struct {
	// DropEscapes lets a file with % escape lines be rewritten without them.
	DropEscapes bool
}

// Rewrite rewrites the record file at path in place, a record at a time in flat memory: each
// record read goes to edit (with its number, 1-based), which returns the records to write in
// its place (none drops it; the same record keeps it). They are written in the export form to
// a temporary file that replaces path only when whole (CreateFile), and only if it differs
// from what path holds: changed says whether it did. path is left as it was when edit fails,
// and with a *NotRewritten error when it cannot be read, holds no record, has syntax errors,
// or holds % escape lines that would be lost (unless opts.DropEscapes). Every command and
// recorder that changes a record file in place goes through it.
func Rewrite(path string, opts RewriteOptions, edit func(rec *Record) ([]*Record, error)) (changed bool, err error) {
	in, err := os.Open(path)
	if err != nil {
		return false, &NotRewritten{Path: path, Err: err}
	}
	defer in.Close()
	out, err := CreateFile(path)
	if err != nil {
		return false, err
	}
	committed := false
	defer func() {
		if !committed {
			out.Abort()
		}
	}()
	bw := bufio.NewWriter(out)
	enc := NewEncoder(bw)
	sc := NewScanner(in, path)
	var errs ErrorList
	recs := 0
	for sc.Scan() {
		recs++
		errs = append(errs, sc.Errors()...)
		if len(errs) > 0 {
			continue // read on, to report every error
		}
		keep, err := edit(sc.Record())
		if err != nil {
			return false, err
		}
		for _, r := range keep {
			if err := enc.Encode(r); err != nil {
				return false, err
			}
		}
	}
	switch {
	case sc.Err() != nil:
		return false, &NotRewritten{Path: path, Err: sc.Err()}
	case len(errs) > 0:
		return false, &NotRewritten{Path: path, Err: errs.Err()}
	case recs == 0:
		return false, &NotRewritten{Path: path, Err: &Error{File: path, Err: ErrNoGames}}
	case sc.EscapeLines() > 0 && !opts.DropEscapes:
		return false, &NotRewritten{Path: path, Escapes: sc.EscapeLines(), Err: ErrEscapeLines}
	}
	if err := bw.Flush(); err != nil {
		return false, err
	}
	if same, err := sameContent(path, out.Name()); err != nil || same {
		return false, err
	}
	committed = true
	return true, out.Commit()
}

// sameContent compares two files, a block at a time.
func sameContent(a, b string) (bool, error) {
	fa, err := os.Open(a)
	if err != nil {
		return false, err
	}
	defer fa.Close()
	fb, err := os.Open(b)
	if err != nil {
		return false, err
	}
	defer fb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, ea := io.ReadFull(fa, ba)
		nb, eb := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false, nil
		}
		if ea != nil || eb != nil { // both ended (io.EOF or ErrUnexpectedEOF) at the same size
			if ea == io.EOF || ea == io.ErrUnexpectedEOF {
				return eb == io.EOF || eb == io.ErrUnexpectedEOF, nil
			}
			return false, ea
		}
	}
}
