package notation_test

import (
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
	games, _ := notation.Validate("bad.bgn", strings.NewReader(strings.Replace(game, "a1", "a2", 1)), func(e *notation.Error) {
		fmt.Println(e)
		fmt.Println(e.Legal)
	})
	fmt.Println(games, "game")
	// Output:
	// bad.bgn:4:64: game 1, ply 2: illegal move a2: pit a2 is empty (legal: a1 a3 a4 a6)
	// [a1 a3 a4 a6]
	// 1 game
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

func ExampleRepairs() {
	// A transcript where the scribe wrote a7 (no such pit) for a1.
	src := `[Variant "Bao Kingulu"]
1. A6 a1 2. A1 a4 3. A6 a4 4. A3 a4 5. A5 a3 6. A6 a6 7. A6 a4 8. A3 a3 9. A5
a5 10. A2 a4 11. A6 a6 12. A6 a3 13. A5 a7 14. A2 a5 15. A4 a1 *`
	recs, _ := notation.Parse("t.bgn", strings.NewReader(src))
	reps, err := notation.Repairs(recs[0], notation.RepairOptions{Top: 1})
	if err != nil {
		panic(err)
	}
	for _, e := range reps[0].Edits {
		fmt.Printf("ply %d: %s %s -> %s at %s\n", e.Ply, e.Op, e.Was, e.Now, e.Pos)
	}
	fixed := recs[0].Repaired(reps[0], true)
	fmt.Println(fixed.Moves[25].Token, fixed.Moves[25].After[0].Text)
	// Output:
	// ply 26: replace a7 -> a1 at 3:41
	// a1 [%was a7]
}

func ExampleRecord_NoteDifferences() {
	book, _ := notation.Parse("book.bgn", strings.NewReader(`[Variant "kingulu"] [South "Haji, Mzee"] [Source "de Voogt 1995"] A3 a1 *`))
	bulletin, _ := notation.Parse("bulletin.bgn", strings.NewReader(`[Variant "kingulu"] [South "Mzee Haji"] [Site "?"] [Source "KIBA bulletin 3"] A3 a1 *`))
	fmt.Println(book[0].NoteDifferences(bulletin[0]))
	book[0].AddProvenance(bulletin[0])
	fmt.Print(notation.Format(book[0]))
	// Output:
	// [South]
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [South "Haji, Mzee"]
	// [North "?"]
	// [Result "*"]
	// [Variant "Bao Kingulu"]
	// [Source "de Voogt 1995 | KIBA bulletin 3"]
	//
	// {in KIBA bulletin 3: South "Mzee Haji"} 1. A3 a1 *
}
