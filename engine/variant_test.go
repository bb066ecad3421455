package engine_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bao-archive/bao/engine"
)

// What each game has, as the packages above the engine ask it.
func TestVariantProperties(t *testing.T) {
	tests := []struct {
		v      *engine.Variant
		bank   engine.Bank
		house  bool
		stones bool
		fields string
	}{
		{engine.Kiswahili, engine.Reserves, true, false, "board side reserves houses block"},
		{engine.Kete, engine.Reserves, true, false, "board side reserves houses block"},
		{engine.Kingulu, engine.Stores, false, false, "board side stores reserved"},
		{engine.Kimasai, engine.NoBank, false, true, "board side"},
	}
	for _, tt := range tests {
		v := tt.v
		if v.Bank() != tt.bank || v.HasHouse() != tt.house || v.Stones() != tt.stones {
			t.Errorf("%s: bank %q, house %v, stones %v; want %q, %v, %v",
				v, v.Bank(), v.HasHouse(), v.Stones(), tt.bank, tt.house, tt.stones)
		}
		if got := strings.Join(v.BPNFields(), " "); got != tt.fields {
			t.Errorf("%s: BPN fields %q, want %q", v, got, tt.fields)
		}
		if n := len(strings.Fields(v.Start().String())); n != len(v.BPNFields()) {
			t.Errorf("%s: the start's BPN has %d fields, BPNFields names %d", v, n, len(v.BPNFields()))
		}
	}
}

// BPNOrder is the order BPN writes the pits in: every pit once, row by row.
func TestBPNOrder(t *testing.T) {
	for _, v := range engine.Variants() {
		// A position whose counts tell the pits apart is not legal; write the start's counts
		// in BPN order and compare with the start's own BPN instead.
		p := v.Start()
		var rows []string
		seen := map[engine.Pit]bool{}
		for _, row := range v.BPNOrder() {
			var cells []string
			for _, x := range row {
				seen[x] = true
				cells = append(cells, strconv.Itoa(p.Seeds(x)))
			}
			rows = append(rows, strings.Join(cells, ","))
		}
		if board := strings.Fields(p.String())[0]; strings.Join(rows, "/") != board {
			t.Errorf("%s: pits in BPNOrder give %s, the BPN is %s", v, strings.Join(rows, "/"), board)
		}
		if len(seen) != v.Pits() || len(v.BPNOrder()) != 2*v.Rows() {
			t.Errorf("%s: BPNOrder lists %d pits in %d rows", v, len(seen), len(v.BPNOrder()))
		}
		// The first row is North's back row, written from South's left (North's pit W first).
		if first := v.BPNOrder()[0][0]; v.Owner(first) != engine.North || v.Number(first) != v.Width() || v.Row(first) != v.Rows()-1 {
			t.Errorf("%s: BPN starts with %s", v, v.PitName(first))
		}
	}
}

// A variant is opaque: what its methods return cannot change it.
func TestVariantOpaque(t *testing.T) {
	v := engine.Kiswahili
	a := v.Aliases()
	a[0] = "chess"
	v.BPNOrder()[0][0] = 0
	v.BPNFields()[0] = "x"
	if slices.Contains(v.Aliases(), "chess") || v.BPNOrder()[0][0] == 0 || v.BPNFields()[0] != "board" {
		t.Error("changing what a Variant method returned changed the variant")
	}
	if got, err := engine.LookupVariant("zanzibar"); got != v || err != nil {
		t.Errorf("LookupVariant(zanzibar) = %v, %v", got, err)
	}
}
