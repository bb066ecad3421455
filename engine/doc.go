// Package engine holds the exact rules of four games of the Bao family: Bao la Kiswahili
// (Zanzibar, 4x8), Bao la Kete (Lamu, 4x8), Bao Kingulu (2x6) and Bao la Kimasai (4x12).
//
// A Variant is a game, opaque: code above the engine asks it what the game has (its bank,
// houses, single stones, the order BPN writes its pits in) and never tests which game it is.
// A Position is a complete, comparable game state written and read as BPN (Bao Position
// Notation), also as text for JSON (MarshalText, UnmarshalText); a Move is one whole turn
// with every choice made in it, written as a KIBA-style token (A6<*, B3>, A4>+, a5). The
// engine lists legal moves with the positions they lead to, plays moves with a full trace of
// every lap and capture, and judges the end of the game:
//
//	v, _ := engine.LookupVariant("zanzibar")
//	p := v.Start()
//	for _, c := range p.Children(nil) { // every legal move and its result
//		fmt.Println(v.FormatMove(c.Move), c.Position)
//	}
//	m, err := p.ParseMove("A6<*")      // read a token: omissions allowed, suffixes checked
//	next, trace, err := p.Trace(m)      // play it, with every lap and capture
//
// Position.Expand is Children for a search: the same moves and positions, without the look at
// every child's replies that the Wins flag costs in the 4x8 games (about a third of a
// search's time); a child left unflagged shows that it is lost when it is expanded or asked
// its Status.
//
// Never-ending moves (sowing that would repeat forever) are illegal and are detected exactly
// with constant-memory cycle detection over the lap-boundary configurations, as
// docs/rules/README.md (section 2.3) requires. Long relay sowings of the 4x8 games run in a
// packed loop that compares the ring turned to the pit being sown, which repeats sooner than
// the board: the slowest move known, a never-ending takasa whose board repeats only after
// 134,108,944 laps, is proven illegal in 8,381,817 (BenchmarkLongNeverEnding, about 0.05 s).
// A Game adds what one position cannot know: Bao la Kimasai's draw by repetition.
//
// The rules are in docs/rules, one file per game; each states the points the sources leave
// open and the reading chosen here ("bao's reading"), and cites the sources. The doc comments
// of this package cite those files' sections ("rules 5.9", "README 2.4").
package engine
