package site

import (
	"html/template"

	"github.com/bao-archive/bao/engine"
)

// LiveBoard is a position drawn for a page that changes it after it was sent (the live
// broadcast of an event): the board as SVG, and what a script replaces when the position
// changes, computed here so that the script knows no rules.
type LiveBoard struct {
	SVG    template.HTML
	Counts []string // per pit, by engine.Pit: the count shown, "" for an empty pit
	Class  []string // per pit, by engine.Pit: its classes (owner, marks of the position and the last move)
	Info   string   // the line under the board: who is to move, reserves or stores, the end
	Label  string   // the board's accessible name
}

// DrawLive draws position p for the live pages, the move that led to it marked (last, the
// move played from before, may be the zero Move with before unset for the start). id names
// the SVG element.
func DrawLive(p engine.Position, before *engine.Position, last engine.Move, id string) LiveBoard {
	var h highlight
	if before != nil {
		if _, t, err := before.Trace(last); err == nil {
			h = traceMarks(p.Variant(), t)
		}
	}
	b := newBoard(p, h)
	b.ID = id
	lb := LiveBoard{SVG: b.SVG(), Info: b.Info, Label: b.Label(),
		Counts: make([]string, len(b.Pits)), Class: make([]string, len(b.Pits))}
	for i, pv := range b.Pits {
		lb.Counts[i], lb.Class[i] = pv.Count, pv.Class()
	}
	return lb
}
