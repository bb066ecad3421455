// Package engine holds the exact rules of four games of the Bao family: Bao la Kiswahili
// (Zanzibar, 4x8), Bao la Kete (Lamu, 4x8), Bao Kingulu (2x6) and Bao la Kimasai (4x12).
//
// A Variant is a game; a Position is a complete, comparable game state written and read as
// BPN (Bao Position Notation); a Move is one whole turn with every choice made in it, written
// as a KIBA-style token (A6<*, B3>, A4>+, a5). The engine lists legal moves with the positions
// they lead to, plays moves with a full trace of every lap and capture, and judges the end of
// the game:
//
//	v, _ := engine.LookupVariant("zanzibar")
//	p := v.Start()
//	for _, c := range p.Children(nil) { // every legal move and its result
//		fmt.Println(v.FormatMove(c.Move), c.Position)
//	}
//	m, err := p.ParseMove("A6<*")      // read a token: omissions allowed, suffixes checked
//	next, trace, err := p.Trace(m)      // play it, with every lap and capture
//
// Never-ending moves (sowing that would repeat forever) are illegal and are detected exactly
// with constant-memory cycle detection over the lap-boundary configurations, as
// docs/rules/README.md (section 2.3) requires. A Game adds what one position cannot know: Bao la Kimasai's
// draw by repetition.
//
// The rules are in docs/rules, one file per game; each states the points the sources leave
// open and the reading chosen here ("bao's reading"), and cites the sources. The doc comments
// of this package cite those files' sections ("rules 5.9", "README 2.4").
package engine
