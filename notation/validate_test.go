package notation

import (
	"errors"
	"strings"
	"testing"
)

// TestProblemsRecoversPanic: a record whose verification panics (a nil move, which no parser
// makes) is reported as its own internal error; validating goes on.
func TestProblemsRecoversPanic(t *testing.T) {
	rec := &Record{File: "x.bgn", Number: 2, Pos: Pos{Line: 4, Col: 1},
		Tags: []Tag{{Name: "Variant", Value: "kiswahili"}}, Moves: []*Node{nil}}
	errs := problems(rec, nil)
	if len(errs) != 1 || !errors.Is(errs[0], ErrInternal) || !strings.HasPrefix(errs[0].Error(), "x.bgn:4:1: game 2: internal error") {
		t.Errorf("%v", errs)
	}
}
