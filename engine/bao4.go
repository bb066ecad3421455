package engine

// Kiswahili is Bao la Kiswahili (Zanzibar Bao), 4x8, the game of Zanzibar's tournaments.
// Rules: docs/rules/bao-la-kiswahili.md.
var Kiswahili = newVariant(&Variant{
	id:      "kiswahili",
	name:    "Bao la Kiswahili",
	summary: "4x8, Zanzibar: namua and mtaji stages, relay sowing, the nyumba, takasia",
	width:   8,
	rows:    2,
	aliases: []string{"bao-la-kiswahili", "zanzibar"},
	bank:    Reserves,
	house:   true,
	syntax:  syntax{dir: true},
	start:   bao4Start,
	rules:   bao4{},
})

// Kete is Bao la Kete (Lamu Bao), 4x8: Zanzibar's rules with the Lamu differences D1-D4 of
// docs/rules/bao-la-kete.md (kuu floor, kuu-first takata, hizi zetu obligation).
var Kete = newVariant(&Variant{
	id:      "kete",
	name:    "Bao la Kete",
	summary: "4x8, Lamu: Zanzibar's game with the kuu floor, kuu-first takata and the hizi zetu obligation",
	width:   8,
	rows:    2,
	aliases: []string{"bao-la-kete", "lamu"},
	bank:    Reserves,
	house:   true,
	syntax:  syntax{dir: true},
	start:   bao4Start,
	rules:   bao4{lamu: true},
})

const bao4Start = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22-22 Hh -"

// bao4 is the one engine of both 4x8 games; lamu switches on the Lamu differences.
type bao4 struct {
	lamu bool
	// meter, if not nil, is the relay laps a game may still spend (Game.SetBudget).
	meter *int
	// lazy leaves out the Wins check of each child (Position.Expand).
	lazy bool
}

func (g bao4) metered(laps *int) ruleset { g.meter = laps; return g }

// stage: namua (Lamu: nemo) while the mover has reserve seeds, then mtaji (rules 3).
func (g bao4) stage(p *Position) string {
	switch {
	case p.bank[p.toMove] == 0:
		return "mtaji"
	case g.lamu:
		return "nemo"
	}
	return "namua"
}

// check applies spec 3.4 to a 4x8 position: 64 seeds counting reserves, and a block only
// where it can apply.
func (g bao4) check(p *Position) error {
	if n := p.total(); n != 64 {
		return posErr("board", "a 4x8 position holds 64 seeds counting reserves, got %d", n)
	}
	if p.block == NoPit {
		return nil
	}
	if p.bank[p.toMove] != 0 {
		return posErr("block", "%s cannot apply while %s still has reserve seeds", p.v.PitName(p.block), p.toMove)
	}
	if !g.lamu && p.v.Owner(p.block) != p.toMove {
		return posErr("block", "%s is not a pit of the player to move (%s)", p.v.PitName(p.block), p.toMove)
	}
	return nil
}

// trace replays the legal move m, whose Takasa flag (set by children) tells a capture move
// from a takasa: in namua a pit facing an occupied pit can start a takasa when every capture
// never ends (4.1 tier N2).
func (g bao4) trace(p *Position, m Move, t *Trace) Position {
	q := *p
	capture := m.Flags&Takasa == 0
	out := g.play(&q, m, capture, 0, t)
	g.finish(p, &q, &m, capture, out, t)
	return q
}

// status: the player to move has lost if his front row is empty (6.1) or he has no legal
// move (6.2); there are no draws (6.3).
func (g bao4) status(p Position) Status {
	if g.anyMove(&p) {
		return Ongoing
	}
	return winFor(p.toMove.Other())
}
