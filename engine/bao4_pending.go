package engine

// Placeholder until the 4x8 rules land in this session; replaced by bao4's real methods.
func (bao4) children(p *Position, dst []Child) []Child     { panic("4x8 rules not yet implemented") }
func (bao4) trace(p *Position, m Move, t *Trace) Position { panic("4x8 rules not yet implemented") }
func (bao4) status(p *Position) Status                   { panic("4x8 rules not yet implemented") }
