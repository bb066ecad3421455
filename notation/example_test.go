package notation_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

const game = `[Event "Engine-generated example"]
[Variant "Bao Kingulu"]

1. A3 {South captures: [%pos 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -]} a1 *
`

func ExampleParse() {
	recs, err := notation.Parse("example.bgn", strings.NewReader(game))
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := recs[0]
	fmt.Println(rec.Tag("Variant"), len(rec.Moves), "plies, result", rec.Result)
	n := rec.Moves[0]
	fmt.Printf("%s at %v: %q\n", n.Token, n.Pos, n.After[0].Text)
	// Output:
	// Bao Kingulu 2 plies, result *
	// A3 at 4:4: "South captures: [%pos 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -]"
}

func ExampleScanner() {
	src := game + "\n" + strings.Replace(game, "a1", "a2", 1)
	sc := notation.NewScanner(strings.NewReader(src), "two.bgn")
	for sc.Scan() {
		rec := sc.Record()
		fmt.Println("game", rec.Number, "at", rec.Pos, "problems:", len(notation.Verify(rec)))
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// game 1 at 1:1 problems: 0
	// game 2 at 6:1 problems: 1
}

func ExampleVerify() {
	recs, _ := notation.Parse("bad.bgn", strings.NewReader(strings.Replace(game, "a1", "a2", 1)))
	for _, e := range notation.Verify(recs[0]) {
		fmt.Println(e)
		fmt.Println(errors.Is(e, engine.ErrIllegalMove), e.Legal)
	}
	// Output:
	// bad.bgn:4:64: game 1, ply 2: illegal move a2: pit a2 is empty (legal: a1 a3 a4 a6)
	// true [a1 a3 a4 a6]
}

func ExampleFormat() {
	recs, _ := notation.Parse("example.bgn", strings.NewReader("[Variant \"kingulu\"] A3! a1 *"))
	fmt.Print(notation.Format(recs[0]))
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [South "?"]
	// [North "?"]
	// [Result "*"]
	// [Variant "Bao Kingulu"]
	//
	// 1. A3 $1 a1 *
}

func ExampleRecord_Replay() {
	recs, _ := notation.Parse("example.bgn", strings.NewReader(game))
	rp, err := recs[0].Replay()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range rp.Plies {
		fmt.Println(p.Token, p.After)
	}
	fmt.Println(rp.Status)
	// Output:
	// A3 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -
	// a1 1,0,6,6,1,0/6,6,2,7,0,6 S 7-0 -
	// ongoing
}

func ExampleFromGame() {
	g := engine.NewGame(engine.Kimasai.Start())
	for _, tok := range []string{"A2", "a2"} {
		if _, err := g.PlayToken(tok); err != nil {
			fmt.Println(err)
			return
		}
	}
	rec := notation.FromGame([]notation.Tag{{Name: "Event", Value: "Engine-generated example"}}, g)
	notation.Write(os.Stdout, rec)
	// Output:
	// [Event "Engine-generated example"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [South "?"]
	// [North "?"]
	// [Result "*"]
	// [Variant "Bao la Kimasai"]
	//
	// 1. A2 a2 *
}

func ExampleValidate() {
	var report notation.Report
	report.Files = 1
	report.Games, _ = notation.Validate("bad.bgn", strings.NewReader(strings.Replace(game, "a1", "a2", 1)), report.Add)
	out, _ := json.Marshal(report)
	fmt.Println(string(out))
	// Output:
	// {"files":1,"games":1,"errors":[{"file":"bad.bgn","line":4,"col":64,"game":1,"ply":2,"move":"a2","message":"illegal move a2: pit a2 is empty (legal: a1 a3 a4 a6)","legal":["a1","a3","a4","a6"]}]}
}

func ExampleDiagram() {
	fmt.Print(notation.Diagram(engine.Kingulu.Start()))
	// Output:
	//         6  5  4  3  2  1
	//   a:    4  4  4  4  4  4
	//   A:    4  4  4  4  4  4
	//         1  2  3  4  5  6
	//   South to move; stores: South 0, North 0
}

func ExampleWalk() {
	recs, _ := notation.Parse("game.bgn", strings.NewReader(`[Variant "Bao Kingulu"]
1. A3 a1 2. A9 *`))
	notation.Walk(recs[0], notation.WalkOptions{}, func(s *notation.Step) error {
		if s.Err != nil {
			fmt.Println(s.Err)
			return nil
		}
		fmt.Println(s.Ply, s.Token(), s.After)
		return nil
	})
	// Output:
	// 1 A3 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -
	// 2 a1 1,0,6,6,1,0/6,6,2,7,0,6 S 7-0 -
	// game.bgn:2:13: game 1, ply 3: bad move token A9: expected a pit of Bao Kingulu (A1-A6, a1-a6)
}
