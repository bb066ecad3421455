package engine

import (
	"fmt"
	"strconv"
)

// Pit is a pit of the board, an index into the position's counts. Its label (A5, b8, a12)
// depends on the variant: see Variant.PitName.
type Pit uint8

// NoPit stands for "no pit" (no block, no capture kichwa).
const NoPit Pit = 255

// pit is side s's pit in row (0 front: A, a; 1 back: B, b) numbered n from the owner's left.
// Pits are laid out South's rows first, then North's, each row from its owner's left.
func (v *Variant) pit(s Side, row, n int) Pit {
	return Pit((int(s)*v.rows+row)*v.width + n - 1)
}

// PitAt returns the pit of side s in row (0 front, 1 back) numbered n from the owner's left.
func (v *Variant) PitAt(s Side, row, n int) Pit { return v.pit(s, row, n) }

// Owner is the side whose row the pit is in.
func (v *Variant) Owner(p Pit) Side { return Side(int(p) / (v.rows * v.width)) }

// Row is 0 for a front row, 1 for a back row.
func (v *Variant) Row(p Pit) int { return int(p) / v.width % v.rows }

// Number is the pit's number from its owner's left, 1..Width.
func (v *Variant) Number(p Pit) int { return int(p)%v.width + 1 }

// Column is the pit's column counted from South's left, 1..Width.
func (v *Variant) Column(p Pit) int {
	if v.Owner(p) == South {
		return v.Number(p)
	}
	return v.width + 1 - v.Number(p)
}

// Opposite is the front pit facing front pit p across the centre.
func (v *Variant) Opposite(p Pit) Pit {
	return v.pit(v.Owner(p).Other(), 0, v.width+1-v.Number(p))
}

// Behind is the back pit behind front pit p (4-row boards only).
func (v *Variant) Behind(p Pit) Pit { return p + Pit(v.width) }

// IsNyumba says whether p is a nyumba (the house, A5 or a5) of a game that has one.
func (v *Variant) IsNyumba(p Pit) bool {
	return v.house && int(p) < v.Pits() && v.Row(p) == 0 && v.Number(p)-1 == b4Nyumba
}

// IsKichwa says whether p is a kichwa (an end pit of the front row, where captured seeds are
// sown from) of a game with a nyumba.
func (v *Variant) IsKichwa(p Pit) bool {
	n := v.Number(p)
	return v.house && int(p) < v.Pits() && v.Row(p) == 0 && (n == 1 || n == v.width)
}

// PitName is the pit's label: row letter and number, e.g. "A5", "b8".
func (v *Variant) PitName(p Pit) string { return string(v.AppendPitName(nil, p)) }

// AppendPitName appends the pit's label to b.
func (v *Variant) AppendPitName(b []byte, p Pit) []byte {
	if int(p) >= v.Pits() {
		return append(b, '-')
	}
	b = append(b, "ABab"[2*int(v.Owner(p))+v.Row(p)])
	return strconv.AppendInt(b, int64(v.Number(p)), 10)
}

// ParsePit reads a pit label of this variant.
func (v *Variant) ParsePit(s string) (Pit, error) {
	p, n := v.scanPit(s)
	if n == 0 || n != len(s) {
		return NoPit, fmt.Errorf("%w %q for %s", ErrBadPit, s, v.name)
	}
	return p, nil
}

// scanPit reads a pit label at the start of s and returns it with the bytes used (0: none).
func (v *Variant) scanPit(s string) (Pit, int) {
	if len(s) < 2 {
		return NoPit, 0
	}
	var side Side
	row := 0
	switch s[0] {
	case 'A':
	case 'B':
		row = 1
	case 'a':
		side = North
	case 'b':
		side, row = North, 1
	default:
		return NoPit, 0
	}
	if row >= v.rows {
		return NoPit, 0
	}
	i, n := 1, 0
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 1 || s[1] == '0' || n < 1 || n > v.width {
		return NoPit, 0
	}
	return v.pit(side, row, n), i
}
