package engine

// Dir is the side the player's hand moves toward, from his own seat (KIBA's < and >). It is
// hand-relative, not rotational: from a front pit > is clockwise, from a back pit anticlockwise.
// In a namua capture it names the kichwa: < the left one (A1/a1), > the right one (A8/a8).
// Games without a direction choice use NoDir.
type Dir uint8

const (
	NoDir Dir = iota
	Left      // <
	Right     // >
)

func (d Dir) String() string {
	switch d {
	case Left:
		return "<"
	case Right:
		return ">"
	}
	return ""
}

// Flags are the informative facts about a move that tokens may carry as suffixes.
type Flags uint8

const (
	Capture Flags = 1 << iota // the move captured (Kingulu and Kimasai suffix x)
	Takasa                    // a non-capturing move (suffix *)
	Takasia                   // a takasa that imposed takasia / hizi zetu (suffix **)
	Wins                      // the move won the game (suffix #)
	Mtoto                     // kuweka mtoto: the move reserved a pit (Kingulu suffix =)
)

// Move is one whole turn with every choice made in it. Pit, Dir and Safari identify it; Flags
// describe it and are set by the engine on the moves it generates.
type Move struct {
	Pit    Pit  // namua: the pit receiving the reserve seed; otherwise the start pit
	Dir    Dir  // NoDir where the game has no choice of direction
	Safari bool // at a decision point the player continued from his nyumba (suffix +)
	Flags  Flags
}

// same reports whether two moves are the same choices, ignoring informative flags.
func (m Move) same(o Move) bool { return m.Pit == o.Pit && m.Dir == o.Dir && m.Safari == o.Safari }
