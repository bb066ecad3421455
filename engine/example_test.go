package engine_test

import (
	"encoding/json"
	"fmt"

	"github.com/bao-archive/bao/engine"
)

func Example() {
	v, _ := engine.LookupVariant("kingulu")
	p := v.Start()
	for _, c := range p.Children(nil) {
		fmt.Println(v.FormatMove(c.Move), c.Position)
	}
	// Output:
	// A3 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -
	// A4 0,6,6,6,1,0/1,6,6,2,7,0 N 7-0 -
	// A5 6,6,6,1,6,1/0,1,6,6,2,7 N 0-0 -
	// A6 6,6,1,6,1,7/6,0,1,6,6,2 N 0-0 -
}

func ExamplePosition_Trace() {
	p := engine.Kingulu.Start()
	m, _ := p.ParseMove("A3")
	_, t, _ := p.Trace(m)
	for _, line := range t.Describe(engine.Kingulu) {
		fmt.Println(line)
	}
	// Output:
	// lap: 4 from A3 into A4 A5 A6 a1, ends in a1
	// relay: 5 from a1 into a2 a3 a4 a5 a6, ends in a6
	// relay: 5 from a6 into A1 A2 A3 A4 A5, ends in A5
	// relay: 6 from A5 into A6 a1 a2 a3 a4 a5, ends in a5
	// relay: 6 from a5 into a6 A1 A2 A3 A4 A5, ends in A5
	// capture: 7 from a2
}

func ExamplePosition_ParseMove() {
	p := engine.Kiswahili.Start()
	_, err := p.ParseMove("A5<")
	fmt.Println(err)
	m, _ := p.ParseMove("A6<")
	fmt.Println(engine.Kiswahili.FormatMove(m))
	// Output:
	// illegal move A5< (legal: A6<* A6>* A7<* A7>*)
	// A6<*
}

func ExampleParsePosition() {
	_, err := engine.ParsePosition(engine.Kingulu, "4,4,4,4,4,4/4,4,4,4,4 S 0-0 -")
	fmt.Println(err)
	// Output:
	// bad position: row 2: want 6 pits, got 5
}

func ExampleGame() {
	g := engine.NewGame(engine.Kimasai.Start())
	for _, tok := range []string{"A2", "a2", "A3"} {
		if _, err := g.PlayToken(tok); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(len(g.Moves()), g.Status())
	// Output:
	// 3 ongoing
}

// A BPN does not name its game, so a position is read into a position of the game: here the
// JSON of a struct whose Position starts as Bao Kingulu's start.
func ExamplePosition_UnmarshalText() {
	var doc struct {
		Position engine.Position `json:"position"`
	}
	doc.Position = engine.Kingulu.Start()
	err := json.Unmarshal([]byte(`{"position":"1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -"}`), &doc)
	fmt.Println(doc.Position.Variant(), doc.Position, err)
	out, _ := json.Marshal(doc)
	fmt.Println(string(out))

	var unknown engine.Position // no game: the text cannot be read
	fmt.Println(unknown.UnmarshalText([]byte("4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -")) != nil)
	// Output:
	// kingulu 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 - <nil>
	// {"position":"1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -"}
	// true
}

// A search expands positions with Expand. Four moves here leave South no move: Children flags
// them (the tokens' #), Expand leaves that for each child to show by having no moves itself.
func ExamplePosition_Expand() {
	p, _ := engine.ParsePosition(engine.Kiswahili, "0,3,5,2,2,4,5,1/3,2,17,1,4,3,3,1/1,1,0,0,1,0,1,0/0,1,0,1,1,1,0,0 N 0-0 - -")
	cs, es := p.Children(nil), p.Expand(nil)
	for i := range cs {
		if cs[i].Move.Flags&engine.Wins != 0 {
			fmt.Println("Children:", engine.Kiswahili.FormatMove(cs[i].Move))
			fmt.Println("Expand:", engine.Kiswahili.FormatMove(es[i].Move), "then", len(es[i].Position.Expand(nil)), "moves,", es[i].Position.Status())
		}
	}
	// Output:
	// Children: a4>#
	// Expand: a4> then 0 moves, north-wins
	// Children: b7>#
	// Expand: b7> then 0 moves, north-wins
	// Children: b3<#
	// Expand: b3< then 0 moves, north-wins
	// Children: b2<#
	// Expand: b2< then 0 moves, north-wins
}
