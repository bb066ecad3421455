// Package testgame makes legal games for tests of the packages above the engine: the same
// game every run, without a random source to keep in step.
package testgame

import "github.com/bao-archive/bao/engine"

// Line is a legal game of v of at most n plies from the start, as move tokens: at ply i it
// plays the legal move at index (k + step*i) modulo their number, and it stops when the game
// is over.
func Line(v *engine.Variant, n, k, step int) []string {
	p := v.Start()
	var toks []string
	for i := range n {
		cs := p.Children(nil)
		if len(cs) == 0 || p.Status() != engine.Ongoing {
			break
		}
		c := cs[(k+step*i)%len(cs)]
		toks = append(toks, v.FormatMove(c.Move))
		p = c.Position
	}
	return toks
}
