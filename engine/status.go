package engine

// Status is the state of a game judged from a position (and, for a Game, its history).
type Status uint8

const (
	Ongoing Status = iota
	SouthWins
	NorthWins
	Draw
)

// String spells the status as the machine-readable CLI output does.
func (s Status) String() string {
	switch s {
	case SouthWins:
		return "south-wins"
	case NorthWins:
		return "north-wins"
	case Draw:
		return "draw"
	}
	return "ongoing"
}

// Winner returns the side that won, and false for an ongoing or drawn game.
func (s Status) Winner() (Side, bool) {
	switch s {
	case SouthWins:
		return South, true
	case NorthWins:
		return North, true
	}
	return South, false
}

// winFor is the status in which side w has won.
func winFor(w Side) Status {
	if w == South {
		return SouthWins
	}
	return NorthWins
}

// Result is the BGN result token for the status: 1-0, 0-1, 1/2-1/2 or *.
func (s Status) Result() string {
	switch s {
	case SouthWins:
		return "1-0"
	case NorthWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}
