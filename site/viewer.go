package site

import (
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bao-archive/bao/engine"
)

// viewerData is the JSON array the viewer script steps through, one object per node of the
// game's tree:
//
//	{"k":{"pit":"classes"},"p":prev,"n":next,"o":[{"h":href,"t":text}],"t":[sowing steps]}
//
// The counts, caption and info line of each node are not repeated here: the script reads
// them from the page's table of positions, which readers without JavaScript use instead.
// k holds the classes that change with the position (house owned, block, reserved, the last
// move's marks) for the pits that have any; o the other games that reached the position. It is
// written by hand because every game page carries one for each of its plies: this is the
// build's third hot path. Strings are escaped for JSON and for the script element holding it.
func (b *build) viewerData(g *game, root string) template.JS {
	var w strings.Builder
	v := g.variant()
	w.WriteByte('[')
	for i, n := range g.nodes {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteString(`{"k":{`)
		first := true
		for k := range v.Pits() {
			// "has" (a stone is drawn) follows from the count, which the script knows.
			d := strings.TrimPrefix(strings.TrimPrefix(dynClass(n.pos, engine.Pit(k), n.marks), "has"), " ")
			if d != "" {
				if !first {
					w.WriteByte(',')
				}
				first = false
				w.WriteString(`"` + strconv.Itoa(k) + `":`)
				jsonString(&w, d)
			}
		}
		w.WriteString(`}`)
		w.WriteString(`,"p":` + strconv.Itoa(n.prev) + `,"n":` + strconv.Itoa(n.next))
		if n.prev >= 0 {
			w.WriteString(`,"t":`)
			sowing(&w, g.nodes[n.prev].pos, n)
		}
		w.WriteByte('}')
	}
	w.WriteByte(']')
	return template.JS(w.String())
}

// jsonString writes s as a JSON string that is also safe inside a script element: <, > and &
// are escaped as \u003c, \u003e and \u0026, as encoding/json does.
func jsonString(w *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	w.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			w.WriteByte('\\')
			w.WriteByte(c)
		case c < 0x20 || c == '<' || c == '>' || c == '&':
			w.WriteString(`\u00` + string(hex[c>>4]) + string(hex[c&0xf]))
		case c < utf8.RuneSelf:
			w.WriteByte(c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == '\u2028' || r == '\u2029' || r == utf8.RuneError && size == 1 {
				w.WriteString(`\u` + strconv.FormatInt(int64(r), 16))
			} else {
				w.WriteString(s[i : i+size])
			}
			i += size
			continue
		}
		i++
	}
	w.WriteByte('"')
}

// Sowing steps. The viewer plays a move seed by seed from steps the engine's trace gives at
// build time; the script only adds and subtracts. Each step is an array whose first element
// is the line that tells it (engine.Trace.Describe's words) and whose second says what it does:
//
//	[text,"s",from,lifted,p1,p2,…] a lap: lifted seeds leave from (-1: the reserve or the
//	                               captured seeds in hand), then one seed falls in each pit
//	[text,"x",pit]                 a capture: the pit is emptied
//	[text,"=",pit,count,…]         pits set to the counts (seeds paid to a reserved pit's
//	                               holder, the end of a Kingulu capture)
//	[text,"e"]                     an event: only the words change
//
// The last step leaves the board as the move's position: sowingSteps ends with a "=" step
// for any pit that still differs, which the tests prove never happens in the 4x8 games and
// Kimasai.
type sowStep struct {
	text string
	op   byte
	nums []int
}

// sowingSteps replays n's move from before through its trace.
func sowingSteps(before engine.Position, n *node) []sowStep {
	v := before.Variant()
	m, err := before.ParseMove(n.move.Token)
	if err != nil {
		return nil
	}
	_, tr, err := before.Trace(m)
	if err != nil {
		return nil
	}
	lines := tr.Describe(v)
	counts := make([]int, v.Pits())
	for i := range counts {
		counts[i] = before.Seeds(engine.Pit(i))
	}
	var steps []sowStep
	caps, evs := len(tr.Laps), len(tr.Laps)+len(tr.Captures)
	ci := 0
	used := make([]bool, len(tr.Events))
	// Seeds sown into a reserved pit are paid to its holder at the end of the lap.
	var income []int
	for i, e := range tr.Events {
		if e.Kind == engine.ReservedIncome {
			income = append(income, i)
		}
	}
	for li, l := range tr.Laps {
		for ei, e := range tr.Events {
			if !used[ei] && e.Kind == engine.SafariTaken && l.Kind == engine.Relay && l.From == e.Pit {
				used[ei] = true
				steps = append(steps, sowStep{text: lines[evs+ei], op: 'e'})
			}
		}
		if l.Kind == engine.Captured && ci < len(tr.Captures) {
			c := tr.Captures[ci]
			counts[c.Pit] = 0
			steps = append(steps, sowStep{text: lines[caps+ci], op: 'x', nums: []int{int(c.Pit)}})
			ci++
		}
		from, lifted := -1, 0
		if l.From != engine.NoPit {
			from = int(l.From)
			switch l.Kind {
			case engine.Tax, engine.Step:
				lifted = l.Seeds
			default:
				lifted = counts[from]
			}
			counts[from] -= lifted
		}
		nums := []int{from, lifted}
		for _, p := range l.Sown {
			counts[p]++
			nums = append(nums, int(p))
		}
		// The reader sees where the seeds go: the words stop at "into …"; a capture lap
		// keeps the words of its capture.
		text, _, _ := strings.Cut(lines[li], " into ")
		if l.Kind == engine.Captured {
			text = ""
		}
		steps = append(steps, sowStep{text: text, op: 's', nums: nums})
		var paid []int
		for len(income) > 0 {
			e := tr.Events[income[0]]
			if counts[e.Pit] < e.Seeds {
				break
			}
			used[income[0]] = true
			counts[e.Pit] -= e.Seeds
			paid = append(paid, int(e.Pit), counts[e.Pit])
			steps = append(steps, sowStep{text: lines[evs+income[0]], op: '=', nums: paid})
			income, paid = income[1:], nil
		}
	}
	for ; ci < len(tr.Captures); ci++ {
		c := tr.Captures[ci]
		counts[c.Pit] = 0
		steps = append(steps, sowStep{text: lines[caps+ci], op: 'x', nums: []int{int(c.Pit)}})
	}
	var settle []int
	for i := range counts {
		if want := n.pos.Seeds(engine.Pit(i)); counts[i] != want {
			settle = append(settle, i, want)
		}
	}
	if len(settle) > 0 {
		steps = append(steps, sowStep{op: '=', nums: settle})
	}
	for ei, e := range tr.Events {
		if !used[ei] && e.Kind != engine.ReservedIncome {
			steps = append(steps, sowStep{text: lines[evs+ei], op: 'e'})
		}
	}
	return steps
}

// sowing writes n's sowing steps as JSON.
func sowing(w *strings.Builder, before engine.Position, n *node) {
	w.WriteByte('[')
	for i, s := range sowingSteps(before, n) {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('[')
		jsonString(w, s.text)
		w.WriteString(`,"` + string(s.op) + `"`)
		for _, x := range s.nums {
			w.WriteString("," + strconv.Itoa(x))
		}
		w.WriteByte(']')
	}
	w.WriteByte(']')
}
