package archive

import (
	"errors"
	"strings"
	"testing"

	"github.com/bao-archive/bao/notation"
)

// TestSafeSource: a record that makes reading it panic (here a nil move, which no parser makes)
// is indexed with an internal error naming it; it never stops the index.
func TestSafeSource(t *testing.T) {
	rec := &notation.Record{File: "x.bgn", Number: 3, Pos: notation.Pos{Line: 7, Col: 1},
		Tags: []notation.Tag{{Name: "Variant", Value: "kiswahili"}}, Moves: []*notation.Node{nil}}
	s := safeSource(rec, nil)
	if len(s.errs) != 1 || !strings.HasPrefix(s.errs[0], "x.bgn:7:1: game 3: internal error") || s.line != 7 {
		t.Errorf("%+v", s)
	}
	if e := rec.Internal("boom"); !errors.Is(e, notation.ErrInternal) {
		t.Errorf("%v is not ErrInternal", e)
	}
}
