package engine

import (
	"strconv"
	"strings"
	"unicode"
)

// String writes the position as canonical BPN (spec section 3): equal positions give equal
// strings, and the string is the position's identity in the archive.
func (p Position) String() string {
	if p.v == nil {
		return ""
	}
	return string(p.AppendBPN(make([]byte, 0, 160)))
}

// AppendBPN appends the position's canonical BPN to b; writers of many positions use it to
// avoid an allocation per position.
func (p Position) AppendBPN(b []byte) []byte {
	v := p.v
	// Rows as seen from South's seat: North's back, North's front (numbered from North's left,
	// so written W..1), then South's front and back (1..W).
	for i, r := range v.bpnOrder {
		if i > 0 {
			b = append(b, '/')
		}
		for j, x := range r {
			if j > 0 {
				b = append(b, ',')
			}
			if n := p.pits[x]; n < 10 { // most pits: one digit, written at batch speed
				b = append(b, '0'+n)
			} else {
				b = strconv.AppendUint(b, uint64(n), 10)
			}
		}
	}
	b = append(b, ' ')
	b = append(b, p.toMove.Letter()...)
	switch {
	case v == Kimasai:
	case v == Kingulu:
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(p.bank[South]), 10)
		b = append(b, '-')
		b = strconv.AppendUint(b, uint64(p.bank[North]), 10)
		b = append(b, ' ')
		if p.reserved == 0 {
			b = append(b, '-')
		}
		sep := false
		for c := range 12 {
			if p.reserved&(1<<c) != 0 {
				if sep {
					b = append(b, ',')
				}
				b = append(b, v.PitName(Pit(c))...)
				sep = true
			}
		}
	default:
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(p.bank[South]), 10)
		b = append(b, '-')
		b = strconv.AppendUint(b, uint64(p.bank[North]), 10)
		b = append(b, ' ')
		switch {
		case p.house[South] && p.house[North]:
			b = append(b, "Hh"...)
		case p.house[South]:
			b = append(b, 'H')
		case p.house[North]:
			b = append(b, 'h')
		default:
			b = append(b, '-')
		}
		b = append(b, ' ')
		if p.block == NoPit {
			b = append(b, '-')
		} else {
			b = append(b, v.PitName(p.block)...)
		}
	}
	return b
}

// bpnRows lists the pits of each BPN row in writing order.
func (v *Variant) bpnRows() [][]Pit {
	var rows [][]Pit
	row := func(s Side, r int, down bool) {
		ps := make([]Pit, v.Width)
		for n := 1; n <= v.Width; n++ {
			i := n - 1
			if down {
				i = v.Width - n
			}
			ps[i] = v.pit(s, r, n)
		}
		rows = append(rows, ps)
	}
	for r := v.Rows - 1; r >= 0; r-- {
		row(North, r, true)
	}
	for r := 0; r < v.Rows; r++ {
		row(South, r, false)
	}
	return rows
}

// ParsePosition reads a BPN string of variant v. Extra spaces between fields are accepted;
// anything else wrong is a *PositionError naming the field.
func ParsePosition(v *Variant, s string) (Position, error) {
	p := Position{v: v, block: NoPit}
	var fields [5]string
	f := fieldsInto(fields[:0], s)
	want := 5
	switch v {
	case Kingulu:
		want = 4
	case Kimasai:
		want = 2
	}
	if len(f) != want {
		return p, posErr("fields", "%s position has %d fields (board, side%s), got %d",
			v.Name, want, map[int]string{5: ", reserves, houses, block", 4: ", stores, reserved", 2: ""}[want], len(f))
	}
	if !p.readBoard(f[0]) {
		if err := p.readBoardCarefully(f[0]); err != nil {
			return p, err
		}
	}
	switch f[1] {
	case "S":
		p.toMove = South
	case "N":
		p.toMove = North
	default:
		return p, posErr("side", "want S or N, got %q", f[1])
	}
	if v == Kimasai {
		return p, v.rules.check(&p)
	}
	bankField := "reserves"
	if v == Kingulu {
		bankField = "stores"
	}
	a, b, ok := strings.Cut(f[2], "-")
	na, errA := strconv.Atoi(a)
	nb, errB := strconv.Atoi(b)
	if !ok || errA != nil || errB != nil || na < 0 || nb < 0 || na > 255 || nb > 255 ||
		strings.HasPrefix(a, "+") || strings.HasPrefix(b, "+") {
		return p, posErr(bankField, "want two counts as S-N (e.g. 0-0), got %q", f[2])
	}
	p.bank = [2]uint8{uint8(na), uint8(nb)}
	if v == Kingulu {
		if f[3] != "-" {
			for _, l := range strings.Split(f[3], ",") {
				x, err := v.ParsePit(l)
				if err != nil {
					return p, posErr("reserved", "%q is not a pit", l)
				}
				if p.reserved&(1<<x) != 0 {
					return p, posErr("reserved", "%s is listed twice", l)
				}
				p.reserved |= 1 << x
			}
		}
		return p, v.rules.check(&p)
	}
	switch f[3] {
	case "Hh":
		p.house = [2]bool{true, true}
	case "H":
		p.house[South] = true
	case "h":
		p.house[North] = true
	case "-":
	default:
		return p, posErr("houses", "want Hh, H, h or -, got %q", f[3])
	}
	if f[4] != "-" {
		x, err := v.ParsePit(f[4])
		if err != nil {
			return p, posErr("block", "%q is not a pit", f[4])
		}
		if v.Row(x) != 0 {
			return p, posErr("block", "%s is not a front pit", f[4])
		}
		p.block = x
	}
	return p, v.rules.check(&p)
}

// fieldsInto is strings.Fields appending to dst: no allocation while dst has room.
func fieldsInto(dst []string, s string) []string {
	for {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			return dst
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		dst = append(dst, s[:end])
		s = s[end:]
	}
}

// readBoard reads a board field written the usual way (counts of at most 3 digits, separated
// by "," and "/") at batch speed, reporting false for anything else, which
// readBoardCarefully then reads.
func (p *Position) readBoard(s string) bool {
	i := 0
	for r, row := range p.v.bpnOrder {
		for c, x := range row {
			if r > 0 && c == 0 || c > 0 {
				sep := byte(',')
				if c == 0 {
					sep = '/'
				}
				if i >= len(s) || s[i] != sep {
					return false
				}
				i++
			}
			n, start := 0, i
			for i < len(s) && i-start < 3 && s[i] >= '0' && s[i] <= '9' {
				n = 10*n + int(s[i]-'0')
				i++
			}
			if i == start || n > 255 {
				return false
			}
			p.pits[x] = uint8(n)
		}
	}
	return i == len(s)
}

// readBoardCarefully reads a board field that readBoard did not, accepting what strconv.Atoi
// does and naming what is wrong.
func (p *Position) readBoardCarefully(s string) error {
	v, order := p.v, p.v.bpnOrder
	if n := strings.Count(s, "/") + 1; n != len(order) {
		return posErr("board", "want %d rows separated by /, got %d", len(order), n)
	}
	for i := range order {
		var r string
		r, s, _ = strings.Cut(s, "/")
		if n := strings.Count(r, ",") + 1; n != v.Width {
			return posErr("row "+strconv.Itoa(i+1), "want %d pits, got %d", v.Width, n)
		}
		for j := range v.Width {
			var c string
			c, r, _ = strings.Cut(r, ",")
			n, err := strconv.Atoi(c)
			if err != nil || n < 0 || n > 255 || strings.HasPrefix(c, "+") {
				return posErr("row "+strconv.Itoa(i+1), "pit %d: %q is not a seed count", j+1, c)
			}
			p.pits[order[i][j]] = uint8(n)
		}
	}
	return nil
}
