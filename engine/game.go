package engine

import "fmt"

// Game is a position with the history that led to it. It adds what a single position cannot
// know: Bao la Kimasai's draw by repetition (rules 6.2), judged from the start of the game.
type Game struct {
	moves     []Move
	positions []Position // the start, then the position after each move
	// seen counts how often each position occurred since the last capture (Kimasai only):
	// captures only remove stones, so no position before a capture can occur again.
	seen map[Position]int
	buf  []Child // reused by PlayToken from ply to ply
	// rules are the variant's, metered when the game has a budget (SetBudget): then budget
	// is the budget and left the relay laps it has left.
	rules        ruleset
	budget, left int
}

// NewGame starts a game from position start.
func NewGame(start Position) *Game {
	// Room for a long game up front: replaying records is a hot path, and growing the
	// history ply by ply was most of what it allocated.
	g := &Game{positions: make([]Position, 1, 128), moves: make([]Move, 0, 128)}
	g.positions[0] = start
	g.rules = start.v.rules
	if start.v.repetition {
		g.seen = map[Position]int{start: 1}
	}
	return g
}

// SetBudget caps the relay laps that PlayToken may spend checking this game's moves, all
// moves together (0: no cap). Once they are spent, PlayToken fails with ErrBudget: a batch
// check then reports one adversarial record and goes on, where deciding a never-ending sowing
// could take seconds (rules README 2.3 allows periods of hundreds of millions of laps). Only
// the 4x8 games' sowings are metered; Status is not.
func (g *Game) SetBudget(laps int) {
	v := g.Start().v
	g.budget, g.left, g.rules = laps, laps, v.rules
	if laps > 0 {
		g.rules = v.rules.metered(&g.left)
	}
}

// Position is the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start is the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Positions are the start and the position after each move played so far.
func (g *Game) Positions() []Position { return g.positions }

// Moves are the moves played so far, with their flags.
func (g *Game) Moves() []Move { return g.moves }

// repeated reports whether the current position occurred before (Kimasai's draw).
func (g *Game) repeated() bool { return g.seen != nil && g.seen[g.Position()] > 1 }

// Status is the position's status, or Draw once a Kimasai position has repeated.
func (g *Game) Status() Status {
	if g.repeated() {
		return Draw
	}
	return g.Position().Status()
}

// Play applies a legal move. A game that is over (including by repetition) takes no moves.
func (g *Game) Play(m Move) error {
	cur := g.Position()
	if g.repeated() {
		return &MoveError{Token: cur.v.FormatMove(m), Err: ErrGameOver, Reason: "the position repeated: draw"}
	}
	c, err := cur.find(m)
	if err != nil {
		return err
	}
	g.advance(c.Move, c.Position)
	return nil
}

// PlayToken reads a move token in the current position and plays it.
func (g *Game) PlayToken(tok string) (Move, error) {
	if g.repeated() {
		return Move{}, &MoveError{Token: tok, Err: ErrGameOver, Reason: "the position repeated: draw"}
	}
	c, err := g.Position().readMove(tok, nil, &g.buf, g.rules)
	if g.budget > 0 && g.left <= 0 { // some move may have been cut short: nothing is known
		return Move{}, &MoveError{Token: tok, Err: ErrBudget,
			Reason: fmt.Sprintf("checking it takes more than the record's budget of %d relay laps", g.budget)}
	}
	if err != nil {
		return Move{}, err
	}
	g.advance(c.Move, c.Position)
	return c.Move, nil
}

// Prefix is the game as it stood after its first n moves (0 <= n <= len(Moves())), with its
// history, read from the positions g holds instead of played again. It shares g's history:
// playing on either copies it first.
func (g *Game) Prefix(n int) *Game {
	p := &Game{moves: g.moves[:n:n], positions: g.positions[: n+1 : n+1], rules: g.Start().v.rules, budget: g.budget, left: g.left}
	if p.budget > 0 { // what is left of g's budget, counted down apart
		p.rules = p.rules.metered(&p.left)
	}
	if g.seen != nil { // the positions since the last capture, as advance counts them
		p.seen = map[Position]int{}
		for i := n; i >= 0; i-- {
			p.seen[p.positions[i]]++
			if i > 0 && p.moves[i-1].Flags&Capture != 0 {
				break
			}
		}
	}
	return p
}

// Undo takes back the last move; it reports false when there is none.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	captured := g.moves[len(g.moves)-1].Flags&Capture != 0
	if g.seen != nil {
		g.seen[g.Position()]--
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	if g.seen != nil && captured { // recount the stretch since the capture before
		clear(g.seen)
		for i := len(g.positions) - 1; i >= 0; i-- {
			g.seen[g.positions[i]]++
			if i > 0 && g.moves[i-1].Flags&Capture != 0 {
				break
			}
		}
	}
	return true
}

func (g *Game) advance(m Move, next Position) {
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, next)
	if g.seen != nil {
		if m.Flags&Capture != 0 {
			clear(g.seen)
		}
		g.seen[next]++
	}
}
