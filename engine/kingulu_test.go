package engine

import (
	"errors"
	"slices"
	"testing"
)

// naiveKingulu sows the move from h with the rules of 5.1-5.2 and no cycle detection, for at
// most maxLaps laps; it reports whether the move ended.
func naiveKingulu(p Position, h Pit, maxLaps int) bool {
	from := h
	for range maxLaps {
		n := int(p.pits[from])
		p.pits[from] = 0
		x := from
		for range n {
			x = (x + 1) % 12
			if p.reserved&(1<<x) != 0 {
				continue // paid to the holder's store, pit stays 0
			}
			p.pits[x]++
		}
		switch {
		case p.reserved&(1<<x) != 0, p.pits[x] == 1:
			return true
		case Kingulu.Owner(x) != p.toMove && p.pits[x] == 4:
			return true
		}
		from = x
	}
	return false
}

// TestKinguluNeverEnding: a move whose relays cycle forever is not legal (rules 4.5), while
// the other moves of the position are. The set-up was found by random search; a plain
// simulation confirms the relays go on past 200,000 laps.
func TestKinguluNeverEnding(t *testing.T) {
	p, err := ParsePosition(Kingulu, "1,4,3,6,7,1/5,4,6,4,3,4 S 0-0 -")
	if err != nil {
		t.Fatal(err)
	}
	a3, _ := Kingulu.ParsePit("A3")
	if naiveKingulu(p, a3, 200000) {
		t.Fatal("A3 ends under plain simulation; the test position is wrong")
	}
	var got []string
	for _, m := range p.Moves() {
		got = append(got, Kingulu.FormatMove(m))
		if !naiveKingulu(p, m.Pit, 200000) {
			t.Errorf("legal move %s does not end under plain simulation", Kingulu.FormatMove(m))
		}
	}
	if slices.Contains(got, "A3") {
		t.Errorf("never-ending A3 listed as legal: %v", got)
	}
	if _, err := p.ParseMove("A3"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("A3: got %v, want an illegal move", err)
	}
}

// TestKinguluScore: rules 7.6, South cannot move; South 20, North 21 + 7: North wins.
func TestKinguluScore(t *testing.T) {
	cases := map[string]Status{
		"0,0,2,0,0,5/0,0,0,0,0,0 S 20-21 A2,a2": NorthWins,
		"0,0,0,0,0,0/0,0,0,0,0,0 S 24-24 -":     Draw,
		"0,0,0,0,0,1/0,0,0,0,0,0 S 30-17 -":     SouthWins,
		"4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -":       Ongoing,
	}
	for bpn, want := range cases {
		p, err := ParsePosition(Kingulu, bpn)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Status(); got != want {
			t.Errorf("%s: %s, want %s", bpn, got, want)
		}
	}
}
