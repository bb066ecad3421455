package engine

// Game is a position with the history that led to it. It adds what a single position cannot
// know: Bao la Kimasai's draw by repetition (rules 6.2), judged from the start of the game.
type Game struct {
	start Position
	moves []Move
	cur   Position
	seen  map[Position]struct{} // Kimasai only
	rep   bool                  // the current position occurred before
}

// NewGame starts a game from position start.
func NewGame(start Position) *Game {
	g := &Game{start: start, cur: start}
	if start.v == Kimasai {
		g.seen = map[Position]struct{}{start: {}}
	}
	return g
}

// Position is the current position.
func (g *Game) Position() Position { return g.cur }

// Start is the position the game started from.
func (g *Game) Start() Position { return g.start }

// Moves are the moves played so far, with their flags.
func (g *Game) Moves() []Move { return g.moves }

// Status is the position's status, or Draw once a Kimasai position has repeated.
func (g *Game) Status() Status {
	if g.rep {
		return Draw
	}
	return g.cur.Status()
}

// Play applies a legal move. A game that is over (including by repetition) takes no moves.
func (g *Game) Play(m Move) error {
	if g.rep {
		return &MoveError{Token: g.cur.v.FormatMove(m), Err: ErrGameOver, Reason: "the position repeated: draw"}
	}
	next, err := g.cur.Apply(m)
	if err != nil {
		return err
	}
	g.advance(m, next)
	return nil
}

// PlayToken reads a move token in the current position and plays it.
func (g *Game) PlayToken(tok string) (Move, error) {
	if g.rep {
		return Move{}, &MoveError{Token: tok, Err: ErrGameOver, Reason: "the position repeated: draw"}
	}
	c, err := g.cur.ParseChild(tok, nil)
	if err != nil {
		return Move{}, err
	}
	g.advance(c.Move, c.Position)
	return c.Move, nil
}

func (g *Game) advance(m Move, next Position) {
	g.moves = append(g.moves, m)
	g.cur = next
	if g.seen != nil {
		if _, ok := g.seen[next]; ok {
			g.rep = true
		}
		g.seen[next] = struct{}{}
	}
}
