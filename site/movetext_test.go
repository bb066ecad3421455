package site

import (
	"testing"

	"github.com/bao-archive/bao/notation"
)

// TestWasAttrs: moves bao repair changed carry a class and the written token as their title.
func TestWasAttrs(t *testing.T) {
	tests := []struct{ comment, want string }{
		{"", ""},
		{"A good move.", ""},
		{"[%was B5<]", ` class="repaired" title="written in the source: B5&lt;"`},
		{"[%was A?<]", ` class="filled" title="illegible in the source: A?&lt;"`},
		{"[%was]", ` class="repaired" title="not in the source: inserted by a repair"`},
	}
	for _, tc := range tests {
		n := &notation.Node{Token: "A5<"}
		if tc.comment != "" {
			n.After = []notation.Comment{{Text: tc.comment}}
		}
		if got := wasAttrs(inEnglish, n); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.comment, got, tc.want)
		}
	}
}
