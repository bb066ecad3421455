package exchange

import (
	"fmt"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// The JSON game record of the nkkmd Bao la Kiswahili web app ("bao-game-record", version 1;
// version 2 has the same shape). Its positions hold pits[player][row][index]: player 0 South,
// 1 North; row 0 the front row, 1 the back row; index 0..7 numbering the pits from the owner's
// left, as KIBA does. A move is {type: "capture" | "takata" | "pass", row, index, direction:
// "left" | "right" (the mover's left or right: KIBA's < and >), side: "left" | "right" (the
// kichwa a namua capture starts from), houseChoice: "use" (safari, KIBA's +) | "stop"}.
// Version 1 of that app plays without takasia: its games replay under bao's rules only as far
// as a takasia would have changed nothing, and the first move where it would is reported.
const nkkmdFormat = "bao-game-record"

func readNkkmd(file string, data []byte, _ Options, emit func(*notation.Record) error) error {
	return jsonRecords(file, data, nkkmdRecord, emit)
}

func nkkmdRecord(file string, loc *locator, g *located) (*notation.Record, error) {
	bad := func(at *located, format string, args ...any) error {
		if at == nil {
			at = g
		}
		return formatErr(file, loc.at(at.offset), format, args...)
	}
	if f, _ := g.field("format").str(); f != nkkmdFormat {
		return nil, bad(g.field("format"), "format is %q, not %q", f, nkkmdFormat)
	}
	if v, _ := g.field("version").number(); v != 1 && v != 2 {
		return nil, bad(g.field("version"), "version %v of %s is not one bao reads (1, 2)", v, nkkmdFormat)
	}
	v := engine.Kiswahili // the app plays Bao la Kiswahili only
	var tags []notation.Tag
	start, err := nkkmdPosition(g.field("initialPosition"))
	if err != nil {
		return nil, bad(g.field("initialPosition"), "initialPosition: %v", err)
	}
	if start != v.Start().String() {
		p, err := engine.ParsePosition(v, start)
		if err != nil {
			return nil, bad(g.field("initialPosition"), "initialPosition: %v", err)
		}
		tags = append(tags, notation.Tag{Name: "SetUp", Value: "1"}, notation.Tag{Name: "Position", Value: p.String()})
	}
	moves, ok := g.field("moves").list()
	if !ok {
		return nil, bad(g.field("moves"), "moves is %s, not an array", g.field("moves").kind())
	}
	var toks []placed
	for i, e := range moves {
		m := e.field("move")
		if m == nil {
			return nil, bad(e, "move %d has no move", i+1)
		}
		side, _ := e.field("side").str()
		if side == "" {
			p, _ := e.field("player").number()
			side = map[float64]string{0: "south", 1: "north"}[p]
		}
		tok, err := nkkmdToken(m, side)
		if err != nil {
			return nil, bad(m, "move %d: %v", i+1, err)
		}
		toks = append(toks, placed{tok, loc.at(m.offset)})
	}
	result := placed{"*", loc.at(g.offset)}
	if res := g.field("result"); res.get() != nil {
		result.pos = loc.at(res.offset)
		w, ok := res.field("winner").number()
		switch {
		case ok && w == 0:
			result.tok = "1-0"
		case ok && w == 1:
			result.tok = "0-1"
		}
		if reason, _ := res.field("reason").str(); strings.Contains(strings.ToLower(reason), "resign") {
			tags = append(tags, notation.Tag{Name: "Termination", Value: "resignation"})
		}
	}
	r := fromTokens(v, tags, toks, result)
	if !r.Pos.IsValid() {
		r.Pos = loc.at(g.offset)
	}
	return r, nil
}

// nkkmdToken writes one of the app's moves as a KIBA token.
func nkkmdToken(m *located, side string) (string, error) {
	typ, _ := m.field("type").str()
	if typ == "pass" {
		return "", fmt.Errorf("a pass is no move in Bao")
	}
	row, ok1 := m.field("row").number()
	index, ok2 := m.field("index").number()
	if !ok1 || !ok2 || row < 0 || row > 1 || index < 0 || index > 7 || index != float64(int(index)) {
		return "", fmt.Errorf("row %s and index %s do not name a pit (row 0..1, index 0..7)", m.field("row").kind(), m.field("index").kind())
	}
	letters := map[string][2]string{"south": {"A", "B"}, "north": {"a", "b"}}[side]
	if letters[0] == "" {
		return "", fmt.Errorf("side %q is neither south nor north", side)
	}
	tok := fmt.Sprintf("%s%d", letters[int(row)], int(index)+1)
	dir, _ := m.field("direction").str()
	if s, _ := m.field("side").str(); typ == "capture" && s != "" {
		if ph, _ := m.field("phase").str(); ph == "namua" {
			dir = s // a namua capture names its kichwa
		}
	}
	switch dir {
	case "left":
		tok += "<"
	case "right":
		tok += ">"
	case "":
	default:
		return "", fmt.Errorf("direction %q is neither left nor right", dir)
	}
	if hc, _ := m.field("houseChoice").str(); hc == "use" {
		tok += "+"
	}
	return tok, nil
}

// nkkmdPosition writes the app's position as BPN.
func nkkmdPosition(p *located) (string, error) {
	pits, ok := p.field("pits").list()
	if !ok || len(pits) != 2 {
		return "", fmt.Errorf("pits is not [south, north]")
	}
	var rows [2][2][8]int
	for s, side := range pits {
		rs, ok := side.list()
		if !ok || len(rs) != 2 {
			return "", fmt.Errorf("pits[%d] is not [front, back]", s)
		}
		for r, row := range rs {
			cells, ok := row.list()
			if !ok || len(cells) != 8 {
				return "", fmt.Errorf("pits[%d][%d] is not 8 counts", s, r)
			}
			for i, c := range cells {
				n, ok := c.number()
				if !ok || n < 0 || n > 64 || n != float64(int(n)) {
					return "", fmt.Errorf("pits[%d][%d][%d] is not a count", s, r, i)
				}
				rows[s][r][i] = int(n)
			}
		}
	}
	reserve, ok := p.field("reserve").list()
	if !ok || len(reserve) != 2 {
		return "", fmt.Errorf("reserve is not [south, north]")
	}
	var res [2]int
	for i, r := range reserve {
		n, ok := r.number()
		if !ok || n < 0 {
			return "", fmt.Errorf("reserve[%d] is not a count", i)
		}
		res[i] = int(n)
	}
	var b strings.Builder
	line := func(xs [8]int, reverse bool) {
		for i := range 8 {
			if i > 0 {
				b.WriteByte(',')
			}
			j := i
			if reverse {
				j = 7 - i
			}
			fmt.Fprint(&b, xs[j])
		}
	}
	line(rows[1][1], true)
	b.WriteByte('/')
	line(rows[1][0], true)
	b.WriteByte('/')
	line(rows[0][0], false)
	b.WriteByte('/')
	line(rows[0][1], false)
	side := "S"
	if pl, _ := p.field("player").number(); pl == 1 {
		side = "N"
	}
	houses := ""
	if h := p.field("houseOwned"); h != nil && h.value != nil {
		owned, ok := h.list()
		if !ok || len(owned) != 2 {
			return "", fmt.Errorf("houseOwned is %s, not [south, north] of true or false", h.kind())
		}
		for i, o := range owned {
			own, ok := o.value.(bool)
			if !ok {
				return "", fmt.Errorf("houseOwned[%d] is %s, not true or false", i, o.kind())
			}
			if own {
				houses += []string{"H", "h"}[i]
			}
		}
	}
	if houses == "" {
		houses = "-"
	}
	fmt.Fprintf(&b, " %s %d-%d %s -", side, res[0], res[1], houses)
	return b.String(), nil
}
