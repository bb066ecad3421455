package engine

// Side is one of the two players. South moves first in every game.
type Side uint8

const (
	South Side = iota
	North
)

// Other returns the opponent.
func (s Side) Other() Side { return s ^ 1 }

func (s Side) String() string {
	if s == South {
		return "South"
	}
	return "North"
}

// Letter is the side as BPN writes it: S or N.
func (s Side) Letter() string {
	if s == South {
		return "S"
	}
	return "N"
}
