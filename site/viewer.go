package site

import (
	"encoding/json"
	"html/template"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/board"
)

// viewerData is the data block the viewer script steps through: the words of the sowing
// steps, each once, and one string per node of the game's tree:
//
//	{"w":["placed: @ from reserve","lap: @ from @",…],"n":["4o 20o","5f S0:1,,,5 S1:3:A6,5,,4-2",…]}
//
// Most words differ only in pit names and numbers ("relay: 3 from A1"): w holds their
// patterns ("relay: @ from @"), and a step gives the names and numbers (see splitWords).
// A node's string is tokens separated by spaces:
//
//	4o 20b 3s     the marks of the position on a pit: o a nyumba still owned, b the block,
//	              s and n reserved by South or North (kuweka mtoto); a node without any has
//	              those of the node before it, "-" none
//	5f            the pit the move started from
//	P7 N9         the previous and next nodes of the line, where they are not the nodes just
//	              before and after (variations; the last node has no next)
//	S… X… =… E…   the sowing steps of the move that led there, in order (see sowingSteps)
//
// The counts, caption and info line of each node are not repeated here: the script reads
// them from the page's table of positions, which readers without JavaScript use instead. The
// pits a move sowed into and captured from are marked on its board: the script reads them
// from the steps. It is written by hand because every game page carries one for each of its
// plies: this is the build's third hot path. Strings are escaped for JSON and for the script
// element holding it.
func viewerData(l *lang.Lang, g *game) template.JS {
	var w, words strings.Builder
	v := g.variant()
	index := map[string]int{}
	// word writes a step's words as the number of their pattern in w, the words with each
	// pit name and number replaced by "@", then the names and numbers, ":" before each.
	var pattern strings.Builder
	var args []string
	word := func(text string) {
		if text == "" {
			return
		}
		pattern.Reset()
		args = args[:0]
		if strings.IndexByte(text, '@') >= 0 {
			pattern.WriteString(text) // kept whole: its "@" is not a place for a name
		} else {
			args = splitWords(&pattern, text, args)
		}
		i, ok := index[pattern.String()]
		if !ok {
			i = len(index)
			index[pattern.String()] = i
			if i > 0 {
				words.WriteByte(',')
			}
			jsonString(&words, pattern.String())
		}
		w.WriteString(strconv.Itoa(i))
		for _, a := range args {
			w.WriteString(":" + a)
		}
	}
	held := make([]string, len(g.nodes)) // each node's marks of the position, as written
	var marks strings.Builder
	for i, n := range g.nodes {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('"')
		sep := ""
		tok := func(s string) {
			w.WriteString(sep + s)
			sep = " "
		}
		marks.Reset()
		for k := range v.Pits() {
			if c := board.PosLetters(n.pos, engine.Pit(k)); c != "" {
				if marks.Len() > 0 {
					marks.WriteByte(' ')
				}
				marks.WriteString(strconv.Itoa(k) + c)
			}
		}
		held[i] = marks.String()
		switch {
		case n.prev >= 0 && held[i] == held[n.prev]: // as before the move
		case held[i] == "":
			tok("-")
		default:
			tok(held[i])
		}
		for k, m := range n.marks {
			if m&board.From != 0 {
				tok(strconv.Itoa(k) + "f")
			}
		}
		if n.prev != i-1 {
			tok("P" + strconv.Itoa(n.prev))
		}
		if next := i + 1; next == len(g.nodes) && n.next != -1 || next < len(g.nodes) && n.next != next {
			tok("N" + strconv.Itoa(n.next))
		}
		if n.prev >= 0 && n.trace != nil {
			for _, st := range sowingSteps(l, g.nodes[n.prev].pos, *n.trace, n.pos) {
				tok(string(st.op))
				word(st.text)
				if st.op == 'S' {
					writeLap(&w, st.nums)
					continue
				}
				for _, x := range st.nums {
					w.WriteString("," + strconv.Itoa(x))
				}
			}
		}
		w.WriteByte('"')
	}
	return trustedJS(`{"w":[` + words.String() + `],"n":[` + w.String() + `]}`)
}

// splitWords writes text to pattern with "@" in place of each pit name and number (a word of
// digits, or a letter and digits), and returns those, appended to args.
func splitWords(pattern *strings.Builder, text string, args []string) []string {
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	isLetter := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
	for i := 0; i < len(text); {
		// a word starts at i if the byte before is neither letter nor digit
		if i == 0 || !isLetter(text[i-1]) && !isDigit(text[i-1]) {
			j := i
			if isLetter(text[j]) {
				j++
			}
			k := j
			for k < len(text) && isDigit(text[k]) {
				k++
			}
			if k > j && (k == len(text) || !isLetter(text[k]) && !isDigit(text[k])) {
				pattern.WriteByte('@')
				args = append(args, text[i:k])
				i = k
				continue
			}
		}
		pattern.WriteByte(text[i])
		i++
	}
	return args
}

// writeLap writes a lap's numbers (from, lifted, the pits sown) as ",from,lifted,runs": from
// is empty for seeds from the reserve or in hand, lifted when it is the number of pits sown,
// and the pits are runs of neighbouring numbers, "4-2" for 4,3,2, separated by ".".
func writeLap(w *strings.Builder, nums []int) {
	from, lifted, sown := nums[0], nums[1], nums[2:]
	w.WriteByte(',')
	if from >= 0 {
		w.WriteString(strconv.Itoa(from))
	}
	w.WriteByte(',')
	if from >= 0 && lifted != len(sown) {
		w.WriteString(strconv.Itoa(lifted))
	}
	w.WriteByte(',')
	for i := 0; i < len(sown); {
		j := i + 1
		if j < len(sown) {
			if d := sown[j] - sown[i]; d == 1 || d == -1 {
				for j+1 < len(sown) && sown[j+1]-sown[j] == d {
					j++
				}
				j++
			}
		}
		if i > 0 {
			w.WriteByte('.')
		}
		w.WriteString(strconv.Itoa(sown[i]))
		if j-i > 1 {
			w.WriteString("-" + strconv.Itoa(sown[j-1]))
		}
		i = j
	}
}

// jsonString writes s as a JSON string that is also safe inside a script element:
// encoding/json escapes <, > and &, and U+2028 and U+2029.
func jsonString(w *strings.Builder, s string) {
	b, _ := json.Marshal(s) // a string always encodes
	w.Write(b)
}

// Sowing steps. The viewer plays a move seed by seed from steps the engine's trace gives at
// build time; the script only adds and subtracts. Each step is written as a letter that says
// what it does, its words (the engine's line that tells it, Lap.Brief or Describe, as the number
// of its pattern and its arguments, "3:2:A4"; nothing for no words) and its numbers:
//
//	Sw,from,lifted,runs  a lap: lifted seeds leave from (empty: the reserve or the captured
//	                     seeds in hand), then one seed falls in each pit (see writeLap)
//	Xw,pit               a capture: the pit is emptied
//	=w,pit,count,…       pits set to the counts (seeds paid to a reserved pit's holder, the
//	                     end of a Kingulu capture)
//	Ew                   an event: only the words change
//	B,south,north        the reserves or stores (the bank) are now these: the first step of
//	                     every move of a game with a bank, and one after each step that
//	                     changes it (a seed placed from the reserve, seeds captured to a store
//	                     or paid to a reserved pit's holder)
//
// The last step leaves the board as the move's position: sowingSteps ends with a "=" step
// for any pit that still differs, which the tests prove never happens in the 4x8 games and
// Kimasai.
type sowStep struct {
	text   string
	op     byte
	nums   []int
	settle bool // a closing step: the trace alone did not reach the position
}

// sowingSteps replays the move from before to after through its trace, which the walk over
// the record made (notation.WalkOptions.Trace).
func sowingSteps(l *lang.Lang, before engine.Position, tr engine.Trace, after engine.Position) []sowStep {
	v := before.Variant()
	counts := make([]int, v.Pits())
	for i := range counts {
		counts[i] = before.Seeds(engine.Pit(i))
	}
	var steps []sowStep
	bank, banked := bankOf(before)
	mover := before.ToMove()
	// pay moves seeds into (or out of) side s's bank and says so in a B step.
	pay := func(s engine.Side, seeds int) {
		if banked && seeds != 0 {
			bank[s] += seeds
			steps = append(steps, sowStep{op: 'B', nums: []int{bank[engine.South], bank[engine.North]}})
		}
	}
	if banked {
		steps = append(steps, sowStep{op: 'B', nums: []int{bank[engine.South], bank[engine.North]}})
	}
	ci := 0
	used := make([]bool, len(tr.Events))
	// Seeds sown into a reserved pit are paid to its holder at the end of the lap.
	var income []int
	for i, e := range tr.Events {
		if e.Kind == engine.ReservedIncome {
			income = append(income, i)
		}
	}
	for _, lap := range tr.Laps {
		for ei, e := range tr.Events {
			if !used[ei] && e.Kind == engine.SafariTaken && lap.Kind == engine.Relay && lap.From == e.Pit {
				used[ei] = true
				steps = append(steps, sowStep{text: eventWords(l, v, e), op: 'E'})
			}
		}
		if lap.Kind == engine.Captured && ci < len(tr.Captures) {
			c := tr.Captures[ci]
			counts[c.Pit] = 0
			steps = append(steps, sowStep{text: captureWords(l, v, c), op: 'X', nums: []int{int(c.Pit)}})
			ci++
			if c.Kichwa == engine.NoPit && v.Bank() == engine.Stores {
				pay(mover, c.Seeds)
			}
		}
		from, lifted := -1, 0
		if lap.From != engine.NoPit {
			from = int(lap.From)
			switch lap.Kind {
			case engine.Tax, engine.Step:
				lifted = lap.Seeds
			default:
				lifted = counts[from]
			}
			counts[from] -= lifted
		}
		nums := []int{from, lifted}
		for _, p := range lap.Sown {
			counts[p]++
			nums = append(nums, int(p))
		}
		// The reader sees where the seeds go: the words say where they come from; a capture
		// lap keeps the words of its capture.
		text := ""
		if lap.Kind != engine.Captured {
			text = lapWords(l, v, lap)
		}
		steps = append(steps, sowStep{text: text, op: 'S', nums: nums})
		if lap.Kind == engine.Placed {
			pay(mover, -lap.Seeds)
		}
		var paid []int
		for len(income) > 0 {
			e := tr.Events[income[0]]
			if counts[e.Pit] < e.Seeds {
				break
			}
			used[income[0]] = true
			counts[e.Pit] -= e.Seeds
			paid = append(paid, int(e.Pit), counts[e.Pit])
			steps = append(steps, sowStep{text: eventWords(l, v, e), op: '=', nums: paid})
			pay(v.Owner(e.Pit).Other(), e.Seeds) // the pit's holder, whose seeds they are
			income, paid = income[1:], nil
		}
	}
	for ; ci < len(tr.Captures); ci++ {
		c := tr.Captures[ci]
		counts[c.Pit] = 0
		steps = append(steps, sowStep{text: captureWords(l, v, c), op: 'X', nums: []int{int(c.Pit)}})
		if c.Kichwa == engine.NoPit && v.Bank() == engine.Stores {
			pay(mover, c.Seeds)
		}
	}
	if want, _ := bankOf(after); banked && want != bank {
		bank = want
		steps = append(steps, sowStep{op: 'B', nums: []int{bank[engine.South], bank[engine.North]}, settle: true})
	}
	var settle []int
	for i := range counts {
		if want := after.Seeds(engine.Pit(i)); counts[i] != want {
			settle = append(settle, i, want)
		}
	}
	if len(settle) > 0 {
		steps = append(steps, sowStep{op: '=', nums: settle, settle: true})
	}
	for ei, e := range tr.Events {
		if !used[ei] && e.Kind != engine.ReservedIncome {
			steps = append(steps, sowStep{text: eventWords(l, v, e), op: 'E'})
		}
	}
	return steps
}

// bankOf is a position's reserves or stores by side, and whether its game has either.
func bankOf(p engine.Position) ([2]int, bool) {
	switch p.Variant().Bank() {
	case engine.Reserves:
		return [2]int{p.Reserve(engine.South), p.Reserve(engine.North)}, true
	case engine.Stores:
		return [2]int{p.Store(engine.South), p.Store(engine.North)}, true
	}
	return [2]int{}, false
}

// lapWords say a lap as the viewer shows it while sowing: "relay: 3 from A1" (engine.Lap.Brief
// in the page's language).
func lapWords(l *lang.Lang, v *engine.Variant, lap engine.Lap) string {
	from := ""
	if lap.From != engine.NoPit {
		from = v.PitName(lap.From)
	}
	return l.T(lapWordIDs[lap.Kind], "Seeds", lap.Seeds, "From", from)
}

// lapWordIDs are the messages of the kinds of lap, by engine.LapKind.
var lapWordIDs = [...]string{engine.Ordinary: "step.lap", engine.Relay: "step.relay",
	engine.Captured: "step.lap", engine.Placed: "step.placed", engine.Tax: "step.tax", engine.Step: "step.step"}

// captureWords say a capture: "capture: 4 from a3, sown from kichwa A1".
func captureWords(l *lang.Lang, v *engine.Variant, c engine.CaptureEvent) string {
	if c.Kichwa != engine.NoPit {
		return l.T("step.capture.kichwa", "Seeds", c.Seeds, "Pit", v.PitName(c.Pit), "Kichwa", v.PitName(c.Kichwa))
	}
	return l.T("step.capture", "Seeds", c.Seeds, "Pit", v.PitName(c.Pit))
}

// eventWordIDs are the messages of the events of a move, by engine.EventKind.
var eventWordIDs = [...]string{engine.HouseTaxed: "step.taxed", engine.HouseDestroyed: "step.destroyed",
	engine.SafariTaken: "step.safari", engine.HouseStop: "step.housestop", engine.TakasiaImposed: "step.takasia",
	engine.TakasiaStop: "step.takasiastop", engine.PitReserved: "step.reserved", engine.ReservedIncome: "step.income",
	engine.GameWon: "step.won"}

// eventWords say an event of a move: "takasia imposed: a4".
func eventWords(l *lang.Lang, v *engine.Variant, e engine.Event) string {
	pit := ""
	if e.Pit != engine.NoPit {
		pit = v.PitName(e.Pit)
	}
	return l.T(eventWordIDs[e.Kind], "Pit", pit, "Seeds", e.Seeds)
}
