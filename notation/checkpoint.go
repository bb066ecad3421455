package notation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bao-archive/bao/engine"
)

// posCommands calls fn for every [%pos BPN] command in the comments: its body, the place of
// its '[', and whether it has its closing ']'.
func posCommands(cs []Comment, fn func(body string, at Pos, closed bool)) {
	for _, c := range cs {
		for _, cmd := range Commands(c.Text) {
			if cmd.Name == "pos" {
				fn(cmd.Args, advance(Pos{c.Pos.Line, c.Pos.Col + 1}, []byte(c.Text[:cmd.At])), cmd.Closed)
			}
		}
	}
}

// checkPos compares a [%pos] body with the actual position: nil when they agree. A count
// written x (as in published diagrams where a count could not be read) agrees with any count;
// a body without x must be a valid BPN, read as strictly as any position.
func checkPos(body string, at engine.Position, where string) error {
	if !strings.Contains(body, "x") {
		want, err := engine.ParsePosition(at.Variant(), body)
		switch {
		case err != nil:
			return fmt.Errorf("[%%pos] %s: %w", where, err)
		case want.String() != at.String():
			return fmt.Errorf("%w %s: %s", ErrPositionMismatch, where, positionDiff(want, at))
		}
		return nil
	}
	wf, gf := strings.Fields(body), strings.Fields(at.String())
	if len(wf) != len(gf) {
		return fmt.Errorf("[%%pos] %s: %w: %d fields, a position has %d", where, engine.ErrBadPosition, len(wf), len(gf))
	}
	for i := range gf {
		w, g := strings.FieldsFunc(wf[i], bpnSep), strings.FieldsFunc(gf[i], bpnSep)
		if len(w) != len(g) {
			return fmt.Errorf("[%%pos] %s: %w: field %d has %d entries, not %d", where, engine.ErrBadPosition, i+1, len(w), len(g))
		}
		for k := range g {
			switch {
			case w[k] == "x" || w[k] == g[k]:
			case i == 0:
				v := at.Variant()
				return fmt.Errorf("%w %s: pit %s holds %s, [%%pos] says %s", ErrPositionMismatch, where, v.PitName(slices.Concat(v.BPNOrder()...)[k]), g[k], w[k])
			default:
				return fmt.Errorf("%w %s: %s, [%%pos] says %s", ErrPositionMismatch, where, gf[i], wf[i])
			}
		}
	}
	return nil
}

func bpnSep(r rune) bool { return r == '/' || r == ',' || r == '-' }
