package engine

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Variant is one game of the Bao family: its board geometry, its names and its rules. It is
// opaque: the shared engine and every package above it ask a variant what it has (Bank,
// HasHouse, Stones, BPNOrder...) and never test which game it is. The four games are package
// values; there is no global "current game".
type Variant struct {
	id      string // the CLI and JSON id: kiswahili, kete, kingulu, kimasai
	name    string // the Variant tag value, e.g. "Bao la Kiswahili"
	summary string // one line for `bao variants`
	width   int    // pits per row
	rows    int    // rows per player: 2 (front and back) or 1 (Kingulu)
	aliases []string

	bank       Bank   // what the seeds off the board are: reserves, stores, or none
	house      bool   // a nyumba (kuu), kichwa and takasia block: the 4x8 games
	mtoto      bool   // a pit can be reserved by kuweka mtoto (Kingulu)
	stones     bool   // single stones step, rather than seeds being sown (Kimasai)
	repetition bool   // a repeated position is a draw (Kimasai, rules 6.2)
	syntax     syntax // what a move token may write

	start     string // the start position as BPN
	startOnce sync.Once
	startPos  Position
	rules     ruleset
	ring      [2][]uint8 // each side's sowing or stepping loop, in rule order (see the rules file)
	// bpnOrder lists the pits of each BPN row in writing order.
	bpnOrder [][]Pit
	// bpnFields names the fields of a BPN, board and side first.
	bpnFields []string
}

// Bank is what a game's seeds off the board are.
type Bank uint8

const (
	NoBank   Bank = iota // all stones are on the board (Kimasai)
	Reserves             // seeds not yet entered: the ghala of the 4x8 games
	Stores               // seeds captured (Kingulu)
)

// String names the bank as BPN's field and the diagrams do: "reserves", "stores" or "".
func (b Bank) String() string {
	switch b {
	case Reserves:
		return "reserves"
	case Stores:
		return "stores"
	}
	return ""
}

// syntax is what a variant's move tokens may write beyond the pit (spec section 4).
type syntax struct {
	dir     bool // a direction < or >, safari +, takasa * or takasia **, and the win # (4x8)
	capture bool // the capture suffix x
	mtoto   bool // the kuweka mtoto suffix =
	to      bool // a destination pit after - (Kimasai)
}

// ID is the variant's id in the CLI and JSON: kiswahili, kete, kingulu, kimasai.
func (v *Variant) ID() string { return v.id }

// Name is the Variant tag's value, e.g. "Bao la Kiswahili".
func (v *Variant) Name() string { return v.name }

// Summary is one line about the game, for `bao variants`.
func (v *Variant) Summary() string { return v.summary }

// Width is the number of pits per row.
func (v *Variant) Width() int { return v.width }

// Rows is the number of rows per player: 2 (front and back) or 1 (Kingulu).
func (v *Variant) Rows() int { return v.rows }

// Aliases are the other names LookupVariant accepts.
func (v *Variant) Aliases() []string { return slices.Clone(v.aliases) }

// Bank is what the game's seeds off the board are: reserves, stores, or none.
func (v *Variant) Bank() Bank { return v.bank }

// HasHouse tells whether the game has a nyumba (kuu) and kichwa, and a takasia block.
func (v *Variant) HasHouse() bool { return v.house }

// Stones tells whether the board holds single stones that step (drawn, not counted).
func (v *Variant) Stones() bool { return v.stones }

// Mtoto reports whether a pit can be reserved by kuweka mtoto ("putting a child"), so that the
// seeds sown into it go to the player who reserved it (Bao Kingulu).
func (v *Variant) Mtoto() bool { return v.mtoto }

// BPNOrder lists the pits of each BPN row in writing order: North's rows from the back, each
// written from North's right (W..1), then South's rows from the front, each 1..W. Diagrams
// draw the board in this order, as seen from South's seat.
func (v *Variant) BPNOrder() [][]Pit {
	rows := make([][]Pit, len(v.bpnOrder))
	for i, r := range v.bpnOrder {
		rows[i] = slices.Clone(r)
	}
	return rows
}

// BPNFields names the fields of the variant's BPN (spec section 3) as position errors do:
// board, side, then reserves or stores, reserved, houses and block where the game has them.
func (v *Variant) BPNFields() []string { return slices.Clone(v.bpnFields) }

// ruleset is what a game supplies to the shared engine. The shared engine does the bookkeeping
// (BPN, tokens, matching, games); a ruleset only knows its own rules.
type ruleset interface {
	// children appends every legal move of p with the position it leads to; the moves carry
	// their informative flags (capture, takasa, takasia, wins).
	children(p Position, dst []Child) []Child
	// expand is children for a search, whose Wins flags may be missing (Position.Expand).
	expand(p Position, dst []Child) []Child
	// childrenAt is children restricted to the moves at pit x (start pit, or the pit that
	// takes the reserve seed) in direction d (NoDir: any), written over dst's storage; reading
	// a token needs no more.
	childrenAt(p Position, x Pit, d Dir, dst []Child) []Child
	// why explains, where it can, why m is not a legal move of p, and whether that is because
	// it never ends.
	why(p Position, m Move) (reason string, neverEnding bool)
	// trace replays the legal move m from p, recording what happens.
	trace(p *Position, m Move, t *Trace) Position
	// status judges p alone: ongoing, or who has won. Repetition needs a Game. p is a copy,
	// so that a search asking at every leaf allocates nothing.
	status(p Position) Status
	// stage names the stage of the move to be made, or "" for games without stages.
	stage(p *Position) string
	// check rejects a parsed position the variant cannot hold (spec section 3.4).
	check(p *Position) error
	// metered is the same rules spending at most *laps relay laps in all, counted down
	// (the 4x8 games; the others return themselves).
	metered(laps *int) ruleset
}

// Pits is the number of pits on the board.
func (v *Variant) Pits() int { return 2 * v.rows * v.width }

// Start returns the variant's initial position.
func (v *Variant) Start() Position {
	// Read once, on first use: the variables naming the variants are not all set while
	// they are being initialised, and ParsePosition needs them.
	v.startOnce.Do(func() {
		var err error
		if v.startPos, err = ParsePosition(v, v.start); err != nil {
			panic("engine: bad start position for " + v.id + ": " + err.Error())
		}
	})
	return v.startPos
}

func (v *Variant) String() string { return v.id }

// Variants lists the four games in the spec's order.
func Variants() []*Variant { return []*Variant{Kiswahili, Kete, Kingulu, Kimasai} }

// LookupVariant finds a variant by id, tag name or alias, ignoring case.
func LookupVariant(name string) (*Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, v := range Variants() {
		if n == v.id || n == strings.ToLower(v.name) {
			return v, nil
		}
		for _, a := range v.aliases {
			if n == a {
				return v, nil
			}
		}
	}
	ids := make([]string, 0, 4)
	for _, v := range Variants() {
		ids = append(ids, v.id)
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownVariant, name, strings.Join(ids, ", "))
}

// newVariant fills in the loops every game derives from its geometry.
func newVariant(v *Variant) *Variant {
	for s := South; s <= North; s++ {
		v.ring[s] = v.loop(s)
	}
	v.bpnOrder = v.bpnRows()
	v.bpnFields = v.fieldNames()
	return v
}

// loop gives side s's pits in the order of the rules files' loop index:
// 4x8 (k = 0..7 front 1..8, k = 8..15 back 8..1), clockwise = k+1;
// 4x12 (k = 0..11 front 1..12, k = 12..23 back 12..1), anticlockwise = k-1;
// 2x6, one shared circuit (c = 0..5 A1..A6, 6..11 a1..a6), anticlockwise = c+1, the same for both.
func (v *Variant) loop(s Side) []uint8 {
	if v.rows == 1 {
		r := make([]uint8, 2*v.width)
		for c := range r {
			r[c] = uint8(c)
		}
		return r
	}
	r := make([]uint8, 0, 2*v.width)
	for n := 1; n <= v.width; n++ {
		r = append(r, uint8(v.pit(s, 0, n)))
	}
	for n := v.width; n >= 1; n-- {
		r = append(r, uint8(v.pit(s, 1, n)))
	}
	return r
}
