package engine

import (
	"fmt"
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

// MarshalText writes the position's canonical BPN, so that JSON and flags carry positions as
// BPN strings. The zero Position (no variant) writes the empty string.
func (p Position) MarshalText() ([]byte, error) {
	if p.v == nil {
		return []byte{}, nil
	}
	return p.AppendBPN(make([]byte, 0, 160)), nil
}

// UnmarshalText reads a BPN into p. A BPN does not name its game (Bao la Kiswahili's and Bao
// la Kete's look alike), so p must hold a position of the game already, e.g. its Start: the
// text is read as a position of p's variant, and p is left as it was if the text is not one.
// The empty text gives the zero Position, as MarshalText writes it.
func (p *Position) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*p = Position{}
		return nil
	}
	if p.v == nil {
		return fmt.Errorf("%w: a BPN does not name its game; read it into a position of the game", ErrUnknownVariant)
	}
	q, err := ParsePosition(p.v, string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
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
	// The fields after the side are the variant's: its bank, its reserved pits, its houses
	// and block, each only where the game has them.
	if v.bank != NoBank {
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(p.bank[South]), 10)
		b = append(b, '-')
		b = strconv.AppendUint(b, uint64(p.bank[North]), 10)
	}
	if v.mtoto {
		b = append(b, ' ')
		if p.reserved == 0 {
			b = append(b, '-')
		}
		sep := false
		for c := range v.Pits() {
			if p.reserved&(1<<c) != 0 {
				if sep {
					b = append(b, ',')
				}
				b = append(b, v.PitName(Pit(c))...)
				sep = true
			}
		}
	}
	if v.house {
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
		ps := make([]Pit, v.width)
		for n := 1; n <= v.width; n++ {
			i := n - 1
			if down {
				i = v.width - n
			}
			ps[i] = v.pit(s, r, n)
		}
		rows = append(rows, ps)
	}
	for r := v.rows - 1; r >= 0; r-- {
		row(North, r, true)
	}
	for r := 0; r < v.rows; r++ {
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
	if len(f) != len(v.bpnFields) {
		return p, posErr("fields", "%s position has %d fields (%s), got %d",
			v.name, len(v.bpnFields), strings.Join(v.bpnFields, ", "), len(f))
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
	f = f[2:]
	if v.bank != NoBank {
		a, b, ok := strings.Cut(f[0], "-")
		na, errA := strconv.Atoi(a)
		nb, errB := strconv.Atoi(b)
		if !ok || errA != nil || errB != nil || na < 0 || nb < 0 || na > 255 || nb > 255 ||
			strings.HasPrefix(a, "+") || strings.HasPrefix(b, "+") {
			return p, posErr(v.bank.String(), "want two counts as S-N (e.g. 0-0), got %q", f[0])
		}
		p.bank = [2]uint8{uint8(na), uint8(nb)}
		f = f[1:]
	}
	if v.mtoto {
		if f[0] != "-" {
			for _, l := range strings.Split(f[0], ",") {
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
		f = f[1:]
	}
	if v.house {
		switch f[0] {
		case "Hh":
			p.house = [2]bool{true, true}
		case "H":
			p.house[South] = true
		case "h":
			p.house[North] = true
		case "-":
		default:
			return p, posErr("houses", "want Hh, H, h or -, got %q", f[0])
		}
		if f[1] != "-" {
			x, err := v.ParsePit(f[1])
			if err != nil {
				return p, posErr("block", "%q is not a pit", f[1])
			}
			if v.Row(x) != 0 {
				return p, posErr("block", "%s is not a front pit", f[1])
			}
			p.block = x
		}
	}
	return p, v.rules.check(&p)
}

// fieldNames names the fields of the variant's BPN (spec section 3).
func (v *Variant) fieldNames() []string {
	names := []string{"board", "side"}
	if v.bank != NoBank {
		names = append(names, v.bank.String())
	}
	if v.mtoto {
		names = append(names, "reserved")
	}
	if v.house {
		names = append(names, "houses", "block")
	}
	return names
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
		if n := strings.Count(r, ",") + 1; n != v.width {
			return posErr("row "+strconv.Itoa(i+1), "want %d pits, got %d", v.width, n)
		}
		for j := range v.width {
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
