package engine

import (
	"strings"
	"testing"
)

// TestLapBrief: a lap's brief line is its full line up to the pits it sows, word for word, and
// the trace's lines are those of its laps, captures and events, over random games of every
// variant (long Kiswahili moves sow dozens of pits, which a brief reader never needs).
func TestLapBrief(t *testing.T) {
	laps := 0
	for _, v := range Variants() {
		for seed := range uint64(5) {
			g := RandomGame(v.Start(), NewRand(3, seed), 60)
			p := v.Start()
			for _, m := range g.Moves() {
				next, tr, err := p.Trace(m)
				if err != nil {
					t.Fatalf("%s seed %d: %v", v.ID(), seed, err)
				}
				lines := tr.Describe(v)
				if len(lines) != len(tr.Laps)+len(tr.Captures)+len(tr.Events) {
					t.Fatalf("%s: %d lines for %d laps, %d captures, %d events", v.ID(), len(lines), len(tr.Laps), len(tr.Captures), len(tr.Events))
				}
				for i, l := range tr.Laps {
					brief := l.Brief(v)
					if lines[i] != l.Describe(v) || !strings.HasPrefix(lines[i], brief+" into ") || strings.Contains(brief, " into ") {
						t.Errorf("%s: lap %q, brief %q", v.ID(), lines[i], brief)
					}
					laps++
				}
				for i, c := range tr.Captures {
					if got := lines[len(tr.Laps)+i]; got != c.Describe(v) || !strings.HasPrefix(got, "capture: ") {
						t.Errorf("%s: capture %q, described %q", v.ID(), got, c.Describe(v))
					}
				}
				for i, e := range tr.Events {
					if got := lines[len(tr.Laps)+len(tr.Captures)+i]; got != e.Describe(v) || !strings.HasPrefix(got, e.Kind.String()) {
						t.Errorf("%s: event %q, described %q", v.ID(), got, e.Describe(v))
					}
				}
				p = next
			}
		}
	}
	if laps == 0 {
		t.Fatal("no laps traced")
	}
}
