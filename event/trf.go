package event

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// WriteTRF writes the event as a FIDE Tournament Report File (TRF-16) after round after (0:
// every round with a result): the tournament lines (012 name, 022 site, 042 and 052 dates,
// 062 players, 092 format), then one 001 line per player in starting-rank (seeding) order,
// each field in the columns TRF-16 fixes, one 10-column block per round from column 92.
// Lines end in CR LF, as TRF-16 asks.
//
// What a Bao event needs that chess does not (see docs/events.md): South is written as
// colour w and North as b; the rating column holds event.toml's rating (no FIDE rating);
// the FIDE number column holds the player's id when it is a number that fits; names are
// written as event.toml gives them, in UTF-8, columns counted in characters; a pairing of
// several games takes one round block per game; a game played but not recorded is a game
// (1, =, 0), a forfeit + or -; a declared bye is H, F or Z, the bye pairing gives U; a round a
// player did not take part in (before a late entry, after a withdrawal) is 0000 - Z, and a
// game without a result yet has its opponent and colour and a blank result.
func WriteTRF(w io.Writer, c *Config, games []Game, after int) error {
	t := Standings(c, games, after)
	last := t.Round
	start := map[string]int{} // starting rank by Key
	for i, p := range c.Players {
		start[Key(p.Name)] = i + 1
	}
	// Each round's blocks: one per game of its pairings (a pairing of several games, or a
	// match, whose every game is a round of its own).
	blocks := make([]int, last+1)
	for _, g := range games {
		if g.Round <= last && !strings.EqualFold(g.Termination, "replayed") {
			blocks[g.Round] = max(blocks[g.Round], 1, g.Sub)
		}
	}
	col := map[[2]int]int{} // (round, game) -> the block's index in the line
	n := 0
	for r := 1; r <= last; r++ {
		for s := 1; s <= max(blocks[r], 1); s++ {
			col[[2]int{r, s}] = n
			n++
		}
	}
	cells := make([][]string, len(c.Players))
	for i := range cells {
		cells[i] = make([]string, n)
	}
	set := func(player string, round, sub int, cell string) {
		if i, ok := start[Key(player)]; ok {
			cells[i-1][col[[2]int{round, max(sub, 1)}]] = cell
		}
	}
	for _, g := range games {
		if g.Round > last || strings.EqualFold(g.Termination, "replayed") {
			continue
		}
		if g.Bye() {
			set(g.South, g.Round, g.Sub, "0000 - U")
			continue
		}
		s, n := trfResults(g)
		set(g.South, g.Round, g.Sub, fmt.Sprintf("%4d w %s", start[Key(g.North)], s))
		set(g.North, g.Round, g.Sub, fmt.Sprintf("%4d b %s", start[Key(g.South)], n))
	}
	for r := 1; r <= last; r++ {
		for _, b := range c.RoundByes(r) {
			set(b.Player, r, 1, "0000 - "+map[string]string{"full": "F", "half": "H", "zero": "Z"}[b.Points])
		}
	}
	points, rank := map[string]float64{}, map[string]int{}
	for _, s := range t.Standings {
		points[Key(s.Player)], rank[Key(s.Player)] = s.Points, s.Rank
	}
	bw := bufio.NewWriter(w)
	line := func(s string) { bw.WriteString(strings.TrimRight(s, " ") + "\r\n") }
	line("012 " + trfText(c.Name))
	if c.Site != "" {
		line("022 " + trfText(c.Site))
	}
	if c.Start != "" {
		line("042 " + strings.ReplaceAll(c.Start, ".", "/"))
	}
	if c.End != "" {
		line("052 " + strings.ReplaceAll(c.End, ".", "/"))
	}
	line(fmt.Sprintf("062 %d", len(c.Players)))
	line("092 " + c.Format + ", Bao (" + c.Variant + ")")
	for i, p := range c.Players {
		k := Key(p.Name)
		var b strings.Builder
		fmt.Fprintf(&b, "001 %4d %-4s %s %4s %3s %11s %10s %4.1f %4d", i+1, "", trfField(p.Name, 33),
			trfNumber(p.Rating, 4), "", trfID(p.ID), "", points[k], rank[k])
		for _, cell := range cells[i] {
			if cell == "" {
				cell = "0000 - Z"
			}
			b.WriteString("  " + cell)
		}
		line(b.String())
	}
	return bw.Flush()
}

// trfResults are the result codes of a game for South and North: 1 = 0 for a game played
// (recorded or not), + and - for a forfeit, blank while it has no result.
func trfResults(g Game) (south, north string) {
	if !g.Decided() {
		return " ", " "
	}
	played := map[string][2]string{"1-0": {"1", "0"}, "0-1": {"0", "1"}, "1/2-1/2": {"=", "="}}
	forfeit := map[string][2]string{"1-0": {"+", "-"}, "0-1": {"-", "+"}, "1/2-1/2": {"=", "="}}
	r := played[g.Result]
	if g.Forfeit() {
		r = forfeit[g.Result]
	}
	return r[0], r[1]
}

// trfField is s in exactly width characters: cut, or padded with spaces.
func trfField(s string, width int) string {
	r := []rune(trfText(s))
	if len(r) > width {
		r = r[:width]
	}
	return string(r) + strings.Repeat(" ", width-len(r))
}

// trfText is s on one line, control characters dropped (a name cannot break a line).
func trfText(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// trfNumber is n in width columns, blank for 0 or a number too wide.
func trfNumber(n, width int) string {
	s := fmt.Sprint(n)
	if n <= 0 || len(s) > width {
		return ""
	}
	return s
}

// trfID is a player's id for the FIDE-number column: a number of up to 11 digits, else blank.
func trfID(id string) string {
	if id == "" || len(id) > 11 || strings.Trim(id, "0123456789") != "" {
		return ""
	}
	return id
}
