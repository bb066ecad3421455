package engine

import "strconv"

// Trace is a full account of one move: every lap sown, every capture, and the events that
// change the state of the board (house, takasia, reserved pits). Diagrams and explanations
// are drawn from it.
type Trace struct {
	Move     Move
	Laps     []Lap
	Captures []CaptureEvent
	Events   []Event
}

// LapKind says where a lap's seeds came from.
type LapKind uint8

const (
	// Ordinary: all the seeds of a pit, lifted and sown from the next pit.
	Ordinary LapKind = iota
	// Relay (endelea): the seeds of the pit where the previous lap ended.
	Relay
	// Captured: seeds taken from the opponent, sown starting in a kichwa.
	Captured
	// Placed: one seed from the reserve placed into a pit (the first "lap" of a namua move).
	Placed
	// Tax: the two seeds taken from a nyumba in a namua takasa.
	Tax
	// Step: a Kimasai stone stepping to the next pit.
	Step
)

var lapKindNames = [...]string{"lap", "relay", "capture lap", "placed", "tax", "step"}

func (k LapKind) String() string { return lapKindNames[k] }

// Lap is one run of sowing: Seeds seeds dropped one by one into Sown, in order. From is the
// pit the seeds were lifted from (NoPit for captured or reserve seeds).
type Lap struct {
	Kind  LapKind
	From  Pit
	Seeds int
	Sown  []Pit
}

// Landing is the pit that received the lap's last seed.
func (l Lap) Landing() Pit {
	if len(l.Sown) == 0 {
		return NoPit
	}
	return l.Sown[len(l.Sown)-1]
}

// CaptureEvent is one capture: Seeds taken from Pit. In the 4x8 games the seeds are then sown
// from Kichwa; in Kingulu and Kimasai they leave the board.
type CaptureEvent struct {
	Pit    Pit
	Seeds  int
	Kichwa Pit
	Dir    Dir // the direction of the capture lap as the hand moves (4x8), else NoDir
}

// EventKind names a change of state that is not sowing.
type EventKind uint8

const (
	HouseTaxed     EventKind = iota // two seeds taken from a functional nyumba (namua takasa)
	HouseDestroyed                  // the nyumba lifted by its owner or captured
	SafariTaken                     // the player continued from his nyumba at a decision point
	HouseStop                       // the move ended in the nyumba
	TakasiaImposed                  // Pit is under takasia for the opponent's next move
	TakasiaStop                     // the move ended in the takasia pit
	PitReserved                     // kuweka mtoto: Pit now belongs to the mover
	ReservedIncome                  // Seeds dropped in a reserved Pit went to its owner's store
	GameWon                         // the move ended the game in the mover's favour
)

var eventNames = [...]string{"house taxed", "house destroyed", "safari", "stopped in the house",
	"takasia imposed", "stopped at takasia", "pit reserved (kuweka mtoto)", "paid to reserved pit", "game won"}

func (k EventKind) String() string { return eventNames[k] }

// Event is a change of state; Pit and Seeds are set where they mean something.
type Event struct {
	Kind  EventKind
	Pit   Pit
	Seeds int
}

// addLap records a lap of n seeds along ring r from index k with step st (the first seed goes
// into r[k]). It does nothing when t is nil, so the fast path pays one comparison.
func (t *Trace) addLap(kind LapKind, from Pit, r []uint8, k, st, n int) {
	if t == nil {
		return
	}
	l := Lap{Kind: kind, From: from, Seeds: n, Sown: make([]Pit, n)}
	for i := range n {
		l.Sown[i] = Pit(r[k])
		k = wrap(k+st, len(r))
	}
	t.Laps = append(t.Laps, l)
}

func (t *Trace) addCapture(c CaptureEvent) {
	if t != nil {
		t.Captures = append(t.Captures, c)
	}
}

func (t *Trace) addEvent(kind EventKind, x Pit, seeds int) {
	if t != nil {
		t.Events = append(t.Events, Event{Kind: kind, Pit: x, Seeds: seeds})
	}
}

// Describe explains the trace in short English lines, one per lap, capture and event, in
// the order they happened within each kind (laps first, then captures, then events).
func (t Trace) Describe(v *Variant) []string {
	out := make([]string, 0, len(t.Laps)+len(t.Captures)+len(t.Events))
	for _, l := range t.Laps {
		out = append(out, l.Describe(v))
	}
	for _, c := range t.Captures {
		out = append(out, c.Describe(v))
	}
	for _, e := range t.Events {
		out = append(out, e.Describe(v))
	}
	return out
}

// Describe explains the lap in a short English line: "relay: 3 from A4 into A5 A6 A7, ends in A7".
func (l Lap) Describe(v *Variant) string {
	b := []byte(l.Brief(v))
	b = append(b, " into "...)
	for i, x := range l.Sown {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, v.PitName(x)...)
	}
	b = append(b, ", ends in "...)
	return string(append(b, v.PitName(l.Landing())...))
}

// Brief is the start of the lap's line, without the pits it sows ("relay: 3 from A4"), for a
// reader who sees where the seeds go: a lap of a long move sows dozens of pits.
func (l Lap) Brief(v *Variant) string {
	from := "reserve"
	if l.Kind == Captured {
		from = "the captured seeds"
	}
	if l.From != NoPit {
		from = v.PitName(l.From)
	}
	return l.Kind.String() + ": " + strconv.Itoa(l.Seeds) + " from " + from
}

// Describe explains the capture in a short English line: "capture: 4 from b3, sown from kichwa A1".
func (c CaptureEvent) Describe(v *Variant) string {
	s := "capture: " + strconv.Itoa(c.Seeds) + " from " + v.PitName(c.Pit)
	if c.Kichwa != NoPit {
		s += ", sown from kichwa " + v.PitName(c.Kichwa)
	}
	return s
}

// Describe explains the event in a short English line: "takasia imposed: b5".
func (e Event) Describe(v *Variant) string {
	s := e.Kind.String()
	if e.Pit != NoPit {
		s += ": " + v.PitName(e.Pit)
	}
	if e.Seeds != 0 {
		s += " (" + strconv.Itoa(e.Seeds) + ")"
	}
	return s
}
