package notation

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

func TestErrorFormat(t *testing.T) {
	cause := &engine.MoveError{Token: "a2", Err: engine.ErrIllegalMove, Reason: "pit a2 is empty", Legal: []string{"a1"}}
	tests := []struct {
		e    *Error
		want string
	}{
		{&Error{File: "f.bgn", Pos: Pos{3, 9}, Err: ErrSyntax}, "f.bgn:3:9: syntax error"},
		{&Error{File: "f.bgn", Pos: Pos{1, 1}, Err: ErrNoVariant, Game: 2}, "f.bgn:1:1: game 2: no Variant tag"},
		{&Error{File: "f.bgn", Pos: Pos{4, 7}, Err: cause, Game: 1, Ply: 2},
			"f.bgn:4:7: game 1, ply 2: illegal move a2: pit a2 is empty (legal: a1)"},
	}
	for _, tc := range tests {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
	if e := (&Error{File: "f", Pos: Pos{1, 1}, Err: cause}); !errors.Is(e, engine.ErrIllegalMove) || e.Detail() != "" {
		t.Errorf("errors.Is through *Error failed, or a detail without a board: %q", e.Detail())
	}
}

func TestErrorDetail(t *testing.T) {
	e := &Error{File: "f", Pos: Pos{1, 1}, Err: ErrSyntax, Board: engine.Kingulu.Start()}
	want := "\tposition: 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -\n" +
		"\t        6  5  4  3  2  1\n\t  a:    4  4  4  4  4  4\n\t  A:    4  4  4  4  4  4\n" +
		"\t        1  2  3  4  5  6\n\t  South to move; stores: South 0, North 0\n"
	if got := e.Detail(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestErrorList(t *testing.T) {
	var l ErrorList
	if l.Err() != nil || l.Error() != "no errors" {
		t.Fatal("an empty list must be no error")
	}
	l.Add(&Error{File: "b", Pos: Pos{1, 1}, Err: ErrSyntax})
	l.Add(&Error{File: "a", Pos: Pos{9, 1}, Err: ErrBadTag})
	l.Add(&Error{File: "a", Pos: Pos{2, 5}, Err: fmt.Errorf("%w: x", ErrUnterminated)})
	l.Add(&Error{File: "a", Pos: Pos{2, 3}, Err: ErrPlyCount})
	l.Sort()
	var order []string
	for _, e := range l {
		order = append(order, fmt.Sprintf("%s:%v", e.File, e.Pos))
	}
	if got := strings.Join(order, " "); got != "a:2:3 a:2:5 a:9:1 b:1:1" {
		t.Errorf("sorted: %s", got)
	}
	if got := l.Error(); got != "a:2:3: wrong PlyCount (and 3 more errors)" {
		t.Errorf("got %s", got)
	}
	err := l.Err()
	for _, kind := range []error{ErrSyntax, ErrBadTag, ErrUnterminated, ErrPlyCount} {
		if !errors.Is(err, kind) {
			t.Errorf("errors.Is(list, %v) = false", kind)
		}
	}
	var e *Error
	if !errors.As(err, &e) || e.Pos != (Pos{2, 3}) {
		t.Errorf("errors.As gave %v", e)
	}
}

// TestErrorOneLine: a file name with a line feed made a message two lines.
func TestErrorOneLine(t *testing.T) {
	e := &Error{File: "new\nline\t.bgn", Pos: Pos{Line: 2, Col: 3}, Err: ErrSyntax, Game: 1}
	if got := e.Error(); got != `new\nline\t.bgn:2:3: game 1: syntax error` {
		t.Errorf("got %q", got)
	}
	if got := DisplayName("evil\u202egnp.bgn:1:1"); got != `evil\u202egnp.bgn:1:1` {
		t.Errorf("a right-to-left override shown as is: %q", got)
	}
	if got := DisplayName("ünï©ødé [x].bgn"); got != "ünï©ødé [x].bgn" {
		t.Errorf("a printable name changed: %q", got)
	}
}
