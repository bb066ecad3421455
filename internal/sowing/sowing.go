// Package sowing turns a move's trace into the steps a board plays it in, seed by seed: the
// game viewer of the site's pages (written at build time) and the analysis board (asked of
// the engine in the browser) play the same steps.
package sowing

import (
	"strconv"

	"github.com/bao-archive/bao/engine"
)

// Step is one step of a move as a board plays it seed by seed. Each step is written (Append)
// as a letter that says what it does, its words (the engine's line that tells it, Lap.Brief or Describe, as the number
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
// The last step leaves the board as the move's position: Steps ends with a "=" step
// for any pit that still differs, which the tests prove never happens in the 4x8 games and
// Kimasai.
type Step struct {
	Op     byte
	Nums   []int
	Settle bool // a closing step: the trace alone did not reach the position
	// Said is what the step's words tell (Words): an engine.Lap, engine.CaptureEvent or
	// engine.Event; nil for a step without words.
	Said any
}

// Steps replays the move from before to after through its trace (engine.Position.Trace, or
// the walk over a record: notation.WalkOptions.Trace).
func Steps(before engine.Position, tr engine.Trace, after engine.Position) []Step {
	v := before.Variant()
	counts := make([]int, v.Pits())
	for i := range counts {
		counts[i] = before.Seeds(engine.Pit(i))
	}
	var steps []Step
	bank, banked := Bank(before)
	mover := before.ToMove()
	// pay moves seeds into (or out of) side s's bank and says so in a B step.
	pay := func(s engine.Side, seeds int) {
		if banked && seeds != 0 {
			bank[s] += seeds
			steps = append(steps, Step{Op: 'B', Nums: []int{bank[engine.South], bank[engine.North]}})
		}
	}
	if banked {
		steps = append(steps, Step{Op: 'B', Nums: []int{bank[engine.South], bank[engine.North]}})
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
				steps = append(steps, Step{Said: e, Op: 'E'})
			}
		}
		if lap.Kind == engine.Captured && ci < len(tr.Captures) {
			c := tr.Captures[ci]
			counts[c.Pit] = 0
			steps = append(steps, Step{Said: c, Op: 'X', Nums: []int{int(c.Pit)}})
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
		var said any
		if lap.Kind != engine.Captured {
			said = lap
		}
		steps = append(steps, Step{Said: said, Op: 'S', Nums: nums})
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
			steps = append(steps, Step{Said: e, Op: '=', Nums: paid})
			pay(v.Owner(e.Pit).Other(), e.Seeds) // the pit's holder, whose seeds they are
			income, paid = income[1:], nil
		}
	}
	for ; ci < len(tr.Captures); ci++ {
		c := tr.Captures[ci]
		counts[c.Pit] = 0
		steps = append(steps, Step{Said: c, Op: 'X', Nums: []int{int(c.Pit)}})
		if c.Kichwa == engine.NoPit && v.Bank() == engine.Stores {
			pay(mover, c.Seeds)
		}
	}
	if want, _ := Bank(after); banked && want != bank {
		bank = want
		steps = append(steps, Step{Op: 'B', Nums: []int{bank[engine.South], bank[engine.North]}, Settle: true})
	}
	var settle []int
	for i := range counts {
		if want := after.Seeds(engine.Pit(i)); counts[i] != want {
			settle = append(settle, i, want)
		}
	}
	if len(settle) > 0 {
		steps = append(steps, Step{Op: '=', Nums: settle, Settle: true})
	}
	for ei, e := range tr.Events {
		if !used[ei] && e.Kind != engine.ReservedIncome {
			steps = append(steps, Step{Said: e, Op: 'E'})
		}
	}
	return steps
}

// Bank is a position's reserves or stores by side, and whether its game has either.
func Bank(p engine.Position) ([2]int, bool) {
	switch p.Variant().Bank() {
	case engine.Reserves:
		return [2]int{p.Reserve(engine.South), p.Reserve(engine.North)}, true
	case engine.Stores:
		return [2]int{p.Store(engine.South), p.Store(engine.North)}, true
	}
	return [2]int{}, false
}

// Append appends the step as the pages' scripts read it: its letter, word (a reference to its
// words, "" for none) and numbers, "S3:2:A4,5,,4-2".
func Append(w []byte, st Step, word string) []byte {
	w = append(append(w, st.Op), word...)
	if st.Op == 'S' {
		return appendLap(w, st.Nums)
	}
	for _, x := range st.Nums {
		w = strconv.AppendInt(append(w, ','), int64(x), 10)
	}
	return w
}

// appendLap appends a lap's numbers (from, lifted, the pits sown) as ",from,lifted,runs": from
// is empty for seeds from the reserve or in hand, lifted when it is the number of pits sown,
// and the pits are runs of neighbouring numbers, "4-2" for 4,3,2, separated by ".".
func appendLap(w []byte, nums []int) []byte {
	from, lifted, sown := nums[0], nums[1], nums[2:]
	w = append(w, ',')
	if from >= 0 {
		w = strconv.AppendInt(w, int64(from), 10)
	}
	w = append(w, ',')
	if from >= 0 && lifted != len(sown) {
		w = strconv.AppendInt(w, int64(lifted), 10)
	}
	w = append(w, ',')
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
			w = append(w, '.')
		}
		w = strconv.AppendInt(w, int64(sown[i]), 10)
		if j-i > 1 {
			w = strconv.AppendInt(append(w, '-'), int64(sown[j-1]), 10)
		}
		i = j
	}
	return w
}

// Words names the message (in internal/lang's catalogues) that says what a step tells, and
// its arguments as pairs of name and value; id is "" for a step without words.
func Words(v *engine.Variant, said any) (id string, args []any) {
	name := func(p engine.Pit) string {
		if p == engine.NoPit {
			return ""
		}
		return v.PitName(p)
	}
	switch s := said.(type) {
	case engine.Lap:
		return lapWordIDs[s.Kind], []any{"Seeds", s.Seeds, "From", name(s.From)}
	case engine.CaptureEvent:
		if s.Kichwa != engine.NoPit {
			return "step.capture.kichwa", []any{"Seeds", s.Seeds, "Pit", name(s.Pit), "Kichwa", name(s.Kichwa)}
		}
		return "step.capture", []any{"Seeds", s.Seeds, "Pit", name(s.Pit)}
	case engine.Event:
		return eventWordIDs[s.Kind], []any{"Pit", name(s.Pit), "Seeds", s.Seeds}
	}
	return "", nil
}

// lapWordIDs are the messages of the kinds of lap, by engine.LapKind.
var lapWordIDs = [...]string{engine.Ordinary: "step.lap", engine.Relay: "step.relay",
	engine.Captured: "step.lap", engine.Placed: "step.placed", engine.Tax: "step.tax", engine.Step: "step.step"}

// eventWordIDs are the messages of the events of a move, by engine.EventKind.
var eventWordIDs = [...]string{engine.HouseTaxed: "step.taxed", engine.HouseDestroyed: "step.destroyed",
	engine.SafariTaken: "step.safari", engine.HouseStop: "step.housestop", engine.TakasiaImposed: "step.takasia",
	engine.TakasiaStop: "step.takasiastop", engine.PitReserved: "step.reserved", engine.ReservedIncome: "step.income",
	engine.GameWon: "step.won"}

// AppendMove appends the JSON document that tells a page's script how move m sows from
// position p, as the game viewer's data block tells a node (site/viewer.go):
//
//	{"node":"5f S0,5,,6-9 X1,12","words":[{"id":"step.lap","args":{"Seeds":4,"From":"A6"}},…]}
//
// node is the pit the move starts from ("5f") and its steps, each word reference the index
// of its words in words: a message id of internal/lang's catalogues and its arguments.
func AppendMove(b []byte, p engine.Position, m engine.Move) ([]byte, error) {
	after, tr, err := p.Trace(m)
	if err != nil {
		return b, err
	}
	v := p.Variant()
	b = append(b, `{"node":"`...)
	b = append(strconv.AppendInt(b, int64(tr.Move.Pit), 10), 'f')
	var words []byte
	n := 0
	for _, st := range Steps(p, tr, after) {
		ref := ""
		if id, args := Words(v, st.Said); id != "" {
			if n > 0 {
				words = append(words, ',')
			}
			// Ids, names and pit names never need escaping: they are quoted as they are, for
			// strconv.Quote's tables would weigh on the engine the browser loads.
			words = append(append(append(words, `{"id":"`...), id...), '"')
			words = append(words, `,"args":{`...)
			for i := 0; i+1 < len(args); i += 2 {
				if i > 0 {
					words = append(words, ',')
				}
				words = append(append(append(words, '"'), args[i].(string)...), `":`...)
				switch a := args[i+1].(type) {
				case int:
					words = strconv.AppendInt(words, int64(a), 10)
				case string:
					words = append(append(append(words, '"'), a...), '"')
				}
			}
			words = append(words, "}}"...)
			ref = strconv.Itoa(n)
			n++
		}
		b = Append(append(b, ' '), st, ref)
	}
	b = append(b, `","words":[`...)
	return append(append(b, words...), "]}"...), nil
}
