package engine

// Position is a complete game state: everything the rules need to list and play the next
// move. It is a small comparable value: copy it freely, compare it with ==, use it as a map key.
type Position struct {
	v      *Variant
	pits   [48]uint8 // seed (or stone) counts, indexed by Pit
	toMove Side
	// bank holds each side's seeds off the board: the reserve (ghala) in the 4x8 games, the
	// store of captured seeds in Kingulu.
	bank [2]uint8
	// house: the side still owns its nyumba (kuu); 4x8 games only.
	house [2]bool
	// block is the pit under takasia (hizi zetu), or NoPit; 4x8 games only.
	block Pit
	// reserved has bit c set when Kingulu pit c is taken by kuweka mtoto; the pit then
	// belongs to the player who does not own its row.
	reserved uint16
}

// Variant is the game the position belongs to.
func (p Position) Variant() *Variant { return p.v }

// ToMove is the player to move (in a finished game, the loser).
func (p Position) ToMove() Side { return p.toMove }

// Seeds is the number of seeds (Kimasai: stones) in pit x.
func (p Position) Seeds(x Pit) int { return int(p.pits[x]) }

// Reserve is the seeds side s has not yet entered (4x8 games).
func (p Position) Reserve(s Side) int { return int(p.bank[s]) }

// Store is the seeds side s has captured (Kingulu).
func (p Position) Store(s Side) int { return int(p.bank[s]) }

// HouseOwned tells whether side s still owns its nyumba (kuu).
func (p Position) HouseOwned(s Side) bool { return p.house[s] }

// Block is the pit under takasia (hizi zetu), if any.
func (p Position) Block() (Pit, bool) { return p.block, p.block != NoPit }

// ReservedBy tells who holds pit x by kuweka mtoto (Kingulu), if anyone.
func (p Position) ReservedBy(x Pit) (Side, bool) {
	if p.reserved&(1<<x) == 0 {
		return South, false
	}
	return p.v.Owner(x).Other(), true
}

// Stage names the stage of the next move: namua or mtaji (Bao la Kete: nemo or mtaji), or ""
// for games without stages.
func (p Position) Stage() string { return p.v.rules.stage(&p) }

// Status judges the position alone: ongoing, or who has won. A finished position has the
// loser to move. Kimasai's draw by repetition needs the history: see Game.
func (p Position) Status() Status { return p.v.rules.status(p) }

// Child is a legal move and the position it leads to.
type Child struct {
	Move     Move
	Position Position
}

// Children appends to dst every legal move with its resulting position and returns the
// extended slice. It is the engine's hot path: pass a reused buffer to avoid allocation.
func (p Position) Children(dst []Child) []Child { return p.v.rules.children(p, dst) }

// Expand is Children for a search: the same moves, positions and flags, except that a Wins
// flag may be missing where setting it takes a look at every move of the opponent (the 4x8
// games set it there only when the look is needed anyway, as for takasia). A child so left
// unflagged shows that it is lost when it is expanded in turn: it has no moves, and its
// Status names the winner.
func (p Position) Expand(dst []Child) []Child { return p.v.rules.expand(p, dst) }

// atPit keeps the moves at pit x in direction d (NoDir: any), in place.
func atPit(cs []Child, x Pit, d Dir) []Child {
	n := 0
	for _, c := range cs {
		if c.Move.Pit == x && (d == NoDir || c.Move.Dir == d) {
			cs[n] = c
			n++
		}
	}
	return cs[:n]
}

// Moves returns the legal moves in generation order.
func (p Position) Moves() []Move {
	cs := p.Children(nil)
	ms := make([]Move, len(cs))
	for i, c := range cs {
		ms[i] = c.Move
	}
	return ms
}

// Apply plays m, which must be one of the legal moves (matched by pit, direction and safari
// choice), and returns the resulting position.
func (p Position) Apply(m Move) (Position, error) {
	c, err := p.find(m)
	return c.Position, err
}

// Trace plays m like Apply and also returns a full account of what happened.
func (p Position) Trace(m Move) (Position, Trace, error) {
	c, err := p.find(m)
	if err != nil {
		return p, Trace{}, err
	}
	var t Trace
	t.Move = c.Move
	next := p.v.rules.trace(&p, c.Move, &t)
	return next, t, nil
}

// find is the legal move m with its result. It plays only the moves at m's pit and direction
// (a game replayed, or traced, move by move pays for no other); the full list is made only to
// say why m is not legal.
func (p Position) find(m Move) (Child, error) {
	for _, c := range p.v.rules.childrenAt(p, m.Pit, m.Dir, nil) {
		if c.Move.same(m) {
			return c, nil
		}
	}
	cs := p.Children(nil)
	return Child{}, p.illegal(p.v.FormatMove(m), token{pit: m.Pit, to: NoPit, dir: m.Dir, safari: m.Safari}, cs, p.v.rules)
}

// front reports whether pit x is in a front row.
func (p *Position) front(x Pit) bool { return p.v.Row(x) == 0 }

// total is the number of seeds on the board plus both banks.
func (p *Position) total() int {
	n := int(p.bank[0]) + int(p.bank[1])
	for _, c := range p.pits[:p.v.Pits()] {
		n += int(c)
	}
	return n
}
