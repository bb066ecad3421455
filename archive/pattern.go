package archive

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
)

// Pattern is a set of positions of one variant written as a BPN in which any pit count may be
// x (any), N-M (N to M) or N+ (N or more), and each later field (side to move, reserves or
// stores, houses, block) may be x; within a field of two counts ("22-22") each count may be
// x or N+. Fields left off the end match anything. ParsePattern reads it; Match tests a BPN.
//
// A pattern is matched against the BPN text rather than the engine's board, so that it knows
// nothing of a variant's shape beyond what its start position's BPN shows: the rows and pits
// of the first field and which later fields hold two counts.
type Pattern struct {
	variant *engine.Variant
	pits    []span // the first field, in BPN order
	fixed   []int  // the indexes of pits, the ones that say more than x
	tail    []fieldPattern
	text    string
}

// span is an inclusive range of counts.
type span struct{ lo, hi int }

// anyCount matches every count.
var anyCount = span{0, 1 << 30}

func (s span) has(n int) bool { return s.lo <= n && n <= s.hi }

// fieldPattern matches one field after the pits: anything, two counts, or the text itself.
type fieldPattern struct {
	any   bool
	pair  bool
	count [2]span
	text  string
}

// ParsePattern reads a pattern of variant v. An error wraps ErrBadQuery and names the row,
// pit or field that is wrong.
func ParsePattern(v *engine.Variant, s string) (*Pattern, error) {
	bad := func(format string, a ...any) (*Pattern, error) {
		return nil, BadQuery(QueryPattern, s, nil, "pattern %.80q: %s", s, fmt.Sprintf(format, a...))
	}
	start := strings.Fields(v.Start().String())
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return bad("empty; write a position (BPN) with x for any count")
	}
	if len(fields) > len(start) {
		return bad("%d fields, a %s position has %d", len(fields), v.ID(), len(start))
	}
	p := &Pattern{variant: v, text: strings.Join(fields, " ")}
	rows, want := strings.Split(fields[0], "/"), strings.Split(start[0], "/")
	if len(rows) != len(want) {
		return bad("%d rows, a %s position has %d", len(rows), v.ID(), len(want))
	}
	for r, row := range rows {
		pits := strings.Split(row, ",")
		if n := strings.Count(want[r], ",") + 1; len(pits) != n {
			return bad("row %d has %d pits, not %d", r+1, len(pits), n)
		}
		for i, c := range pits {
			sp, err := parseSpan(c, true)
			if err != nil {
				return bad("row %d, pit %d: %v", r+1, i+1, err)
			}
			if sp != anyCount {
				p.fixed = append(p.fixed, len(p.pits))
			}
			p.pits = append(p.pits, sp)
		}
	}
	for i, f := range fields[1:] {
		fp := fieldPattern{any: f == "x"}
		if _, _, pair := countPair(start[i+1]); pair && !fp.any {
			a, b, ok := strings.Cut(f, "-")
			if !ok {
				return bad("field %d (%s) is two counts such as 22-22, x-22 or 5+-x", i+2, f)
			}
			for k, c := range []string{a, b} {
				sp, err := parseSpan(c, false)
				if err != nil {
					return bad("field %d: %v", i+2, err)
				}
				fp.count[k] = sp
			}
			fp.pair = true
		} else {
			fp.text = f
		}
		p.tail = append(p.tail, fp)
	}
	return p, nil
}

// parseSpan reads x, N, N+ and, where ranges are allowed, N-M.
func parseSpan(s string, ranges bool) (span, error) {
	if s == "x" || s == "X" {
		return anyCount, nil
	}
	num := func(t string) (int, error) {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 || n > 255 || strings.TrimLeft(t, "0123456789") != "" {
			return 0, fmt.Errorf("%q is not a count: write a number, x, N-M or N+", s)
		}
		return n, nil
	}
	if t, ok := strings.CutSuffix(s, "+"); ok {
		n, err := num(t)
		return span{n, anyCount.hi}, err
	}
	if a, b, ok := strings.Cut(s, "-"); ok && ranges {
		lo, err := num(a)
		if err != nil {
			return span{}, err
		}
		hi, err := num(b)
		if err != nil {
			return span{}, err
		}
		if lo > hi {
			return span{}, fmt.Errorf("%q is an empty range", s)
		}
		return span{lo, hi}, nil
	}
	n, err := num(s)
	return span{n, n}, err
}

// countPair reads a field of two counts such as "22-22".
func countPair(f string) (int, int, bool) {
	a, b, ok := strings.Cut(f, "-")
	if !ok {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return x, y, err1 == nil && err2 == nil
}

// Variant is the variant the pattern is of.
func (p *Pattern) Variant() *engine.Variant { return p.variant }

// String is the pattern as written, with single spaces.
func (p *Pattern) String() string { return p.text }

// Match tells whether the position written as bpn (canonical, of the pattern's variant) is
// one of the pattern's.
func (p *Pattern) Match(bpn string) bool {
	rows, tail, _ := strings.Cut(bpn, " ")
	counts := make([]byte, 0, len(p.pits))
	counts, ok := appendCounts(counts, rows)
	return ok && len(counts) == len(p.pits) && p.matchPits(counts) && p.matchTail(tail)
}

// matchPits tests the pit counts, in BPN order.
func (p *Pattern) matchPits(counts []byte) bool {
	for _, i := range p.fixed {
		if !p.pits[i].has(int(counts[i])) {
			return false
		}
	}
	return true
}

// matchTail tests the fields after the pits, written as in a BPN.
func (p *Pattern) matchTail(tail string) bool {
	fields := strings.Fields(tail)
	for i, fp := range p.tail {
		if fp.any {
			continue
		}
		if i >= len(fields) {
			return false
		}
		if !fp.pair {
			if fields[i] != fp.text {
				return false
			}
			continue
		}
		a, b, ok := countPair(fields[i])
		if !ok || !fp.count[0].has(a) || !fp.count[1].has(b) {
			return false
		}
	}
	return true
}

// appendCounts appends the pit counts of a BPN's first field ("0,2,2/…") to dst; counts above
// 255 cannot occur in any variant.
func appendCounts(dst []byte, rows string) ([]byte, bool) {
	n, digits := 0, false
	for i := 0; i <= len(rows); i++ {
		if i == len(rows) || rows[i] == ',' || rows[i] == '/' {
			if !digits || n > 255 {
				return dst, false
			}
			dst = append(dst, byte(n))
			n, digits = 0, false
			continue
		}
		c := rows[i]
		if c < '0' || c > '9' {
			return dst, false
		}
		n, digits = n*10+int(c-'0'), true
	}
	return dst, true
}
