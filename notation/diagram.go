package notation

import (
	"fmt"
	"strings"

	"github.com/bao-archive/bao/engine"
)

// Diagram draws a position as the rules files do: the board as seen from South's seat, North's
// rows on top with North's numbering above them, South's rows below with South's numbering,
// then a line with the player to move and what the board alone does not show (stores,
// reserves, houses, block, reserved pits). For Bao Kingulu's start:
//
//	      6  5  4  3  2  1
//	a:    4  4  4  4  4  4
//	A:    4  4  4  4  4  4
//	      1  2  3  4  5  6
//	South to move; stores: South 0, North 0
func Diagram(p engine.Position) string {
	v := p.Variant()
	var b strings.Builder
	numbers := func(down bool) {
		b.WriteString("      ")
		for i := 1; i <= v.Width(); i++ {
			n := i
			if down {
				n = v.Width() + 1 - i
			}
			fmt.Fprintf(&b, "%3d", n)
		}
		b.WriteByte('\n')
	}
	numbers(true)
	// BPN writes the rows as seen from South's seat, each from the left as South sees it.
	for _, row := range v.BPNOrder() {
		fmt.Fprintf(&b, "  %c:  ", v.PitName(row[0])[0])
		for _, x := range row {
			fmt.Fprintf(&b, "%3d", p.Seeds(x))
		}
		b.WriteByte('\n')
	}
	numbers(false)
	fmt.Fprintf(&b, "  %s to move%s\n", p.ToMove(), offBoard(p))
	return b.String()
}

// offBoard describes the state a variant keeps beside its pits: its bank, the pits reserved
// by kuweka mtoto, its houses and block.
func offBoard(p engine.Position) string {
	v := p.Variant()
	S, N := engine.South, engine.North
	var b strings.Builder
	switch v.Bank() {
	case engine.Reserves:
		fmt.Fprintf(&b, "; reserves: South %d, North %d", p.Reserve(S), p.Reserve(N))
	case engine.Stores:
		fmt.Fprintf(&b, "; stores: South %d, North %d", p.Store(S), p.Store(N))
	}
	var held []string
	for x := range v.Pits() {
		if side, ok := p.ReservedBy(engine.Pit(x)); ok {
			held = append(held, fmt.Sprintf("%s (%s)", v.PitName(engine.Pit(x)), side))
		}
	}
	if held != nil {
		b.WriteString("; reserved: " + strings.Join(held, ", "))
	}
	if !v.HasHouse() {
		return b.String()
	}
	houses := []string{}
	for _, side := range []engine.Side{S, N} {
		if p.HouseOwned(side) {
			houses = append(houses, side.String())
		}
	}
	if len(houses) == 0 {
		houses = append(houses, "none")
	}
	block := "none"
	if x, ok := p.Block(); ok {
		block = v.PitName(x)
	}
	fmt.Fprintf(&b, "; houses: %s; block: %s", strings.Join(houses, ", "), block)
	return b.String()
}
