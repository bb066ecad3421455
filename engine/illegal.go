package engine

// gameOver is the error for a move token s after the end of the game: its reason is the
// result ("game is over A1: south-wins").
func (p Position) gameOver(s string, rs ruleset) *MoveError {
	return &MoveError{Token: s, Err: ErrGameOver, Reason: rs.status(p).String()}
}

// illegal is the error for token s (taken apart as t) that names no legal move: the legal
// moves, and the reason where a short one can be given.
// cs is every legal move, found with the rules rs.
func (p Position) illegal(s string, t token, cs []Child, rs ruleset) *MoveError {
	e := &MoveError{Token: s, Err: ErrIllegalMove, Legal: tokens(p.v, cs)}
	if len(e.Legal) == 0 {
		return p.gameOver(s, rs)
	}
	if e.Reason = p.whyIllegal(t); e.Reason == "" && (t.dir != NoDir || !p.v.syntax.dir) {
		e.Reason, e.NeverEnding = rs.why(p, Move{Pit: t.pit, Dir: t.dir, Safari: t.safari})
	}
	return e
}

// whyIllegal gives a short reason for a token that matches no legal move, for the diagnostics.
func (p Position) whyIllegal(t token) string {
	v := p.v
	owner := v.Owner(t.pit)
	switch {
	case owner != p.toMove && v.rows == 1: // one row each: the row says whose it is
		return "not in " + p.toMove.String() + "'s row"
	case owner != p.toMove:
		return v.PitName(t.pit) + " is not " + p.toMove.String() + "'s pit"
	case p.pits[t.pit] == 0 && v.stones:
		return "no stone in " + v.PitName(t.pit)
	case p.pits[t.pit] == 0:
		return "pit " + v.PitName(t.pit) + " is empty"
	case t.to != NoPit:
		if to := v.stepTo(t.pit); to != t.to {
			return "a stone in " + v.PitName(t.pit) + " steps to " + v.PitName(to) + ", not " + v.PitName(t.to)
		}
	}
	return ""
}
