package engine

import (
	"fmt"
	"strings"
	"sync"
)

// Variant is one game of the Bao family: its board geometry, its names and its rules.
// The four games are package values; there is no global "current game".
type Variant struct {
	ID      string // the CLI and JSON id: kiswahili, kete, kingulu, kimasai
	Name    string // the Variant tag value, e.g. "Bao la Kiswahili"
	Summary string // one line for `bao variants`
	Width   int    // pits per row
	Rows    int    // rows per player: 2 (front and back) or 1 (Kingulu)
	Aliases []string

	start     string // the start position as BPN
	startOnce sync.Once
	startPos  Position
	rules     ruleset
	ring      [2][]uint8 // each side's sowing or stepping loop, in rule order (see the rules file)
	// bpnOrder lists the pits of each BPN row in writing order.
	bpnOrder [][]Pit
}

// ruleset is what a game supplies to the shared engine. The shared engine does the bookkeeping
// (BPN, tokens, matching, games); a ruleset only knows its own rules.
type ruleset interface {
	// children appends every legal move of p with the position it leads to; the moves carry
	// their informative flags (capture, takasa, takasia, wins).
	children(p Position, dst []Child) []Child
	// childrenAt is children restricted to the moves at pit x (start pit, or the pit that
	// takes the reserve seed) in direction d (NoDir: any), written over dst's storage; reading
	// a token needs no more.
	childrenAt(p Position, x Pit, d Dir, dst []Child) []Child
	// why explains, where it can, why m is not a legal move of p, and whether that is because
	// it never ends.
	why(p Position, m Move) (reason string, neverEnding bool)
	// trace replays the legal move m from p, recording what happens.
	trace(p *Position, m Move, t *Trace) Position
	// status judges p alone: ongoing, or who has won. Repetition needs a Game.
	status(p *Position) Status
	// stage names the stage of the move to be made, or "" for games without stages.
	stage(p *Position) string
	// check rejects a parsed position the variant cannot hold (spec section 3.4).
	check(p *Position) error
	// metered is the same rules spending at most *laps relay laps in all, counted down
	// (the 4x8 games; the others return themselves).
	metered(laps *int) ruleset
}

// Pits is the number of pits on the board.
func (v *Variant) Pits() int { return 2 * v.Rows * v.Width }

// Start returns the variant's initial position.
func (v *Variant) Start() Position {
	// Read once, on first use: the variables naming the variants are not all set while
	// they are being initialised, and ParsePosition needs them.
	v.startOnce.Do(func() {
		var err error
		if v.startPos, err = ParsePosition(v, v.start); err != nil {
			panic("engine: bad start position for " + v.ID + ": " + err.Error())
		}
	})
	return v.startPos
}

func (v *Variant) String() string { return v.ID }

// Variants lists the four games in the spec's order.
func Variants() []*Variant { return []*Variant{Kiswahili, Kete, Kingulu, Kimasai} }

// LookupVariant finds a variant by id, tag name or alias, ignoring case.
func LookupVariant(name string) (*Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, v := range Variants() {
		if n == v.ID || n == strings.ToLower(v.Name) {
			return v, nil
		}
		for _, a := range v.Aliases {
			if n == a {
				return v, nil
			}
		}
	}
	ids := make([]string, 0, 4)
	for _, v := range Variants() {
		ids = append(ids, v.ID)
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownVariant, name, strings.Join(ids, ", "))
}

// newVariant fills in the loops every game derives from its geometry.
func newVariant(v *Variant) *Variant {
	for s := South; s <= North; s++ {
		v.ring[s] = v.loop(s)
	}
	v.bpnOrder = v.bpnRows()
	return v
}

// loop gives side s's pits in the order of the rules files' loop index:
// 4x8 (k = 0..7 front 1..8, k = 8..15 back 8..1), clockwise = k+1;
// 4x12 (k = 0..11 front 1..12, k = 12..23 back 12..1), anticlockwise = k-1;
// 2x6, one shared circuit (c = 0..5 A1..A6, 6..11 a1..a6), anticlockwise = c+1, the same for both.
func (v *Variant) loop(s Side) []uint8 {
	if v.Rows == 1 {
		r := make([]uint8, 2*v.Width)
		for c := range r {
			r[c] = uint8(c)
		}
		return r
	}
	r := make([]uint8, 0, 2*v.Width)
	for n := 1; n <= v.Width; n++ {
		r = append(r, uint8(v.pit(s, 0, n)))
	}
	for n := v.Width; n >= 1; n-- {
		r = append(r, uint8(v.pit(s, 1, n)))
	}
	return r
}
