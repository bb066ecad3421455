package exchange_test

import (
	"fmt"
	"os"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/notation"
)

func ExampleImport() {
	// The row letter of a namua move may be left out: 6< is North's a6<.
	list := "[South \"Ali\"]\n[North \"Bakari\"]\n 1: A6<* 6< *\n"
	recs, problems, err := exchange.Import("kiba", "final.txt", []byte(list), exchange.Options{Variant: engine.Kiswahili})
	if err != nil {
		fmt.Println(err)
	}
	for _, p := range problems {
		fmt.Println(p)
	}
	notation.Write(os.Stdout, recs...)
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [South "Ali"]
	// [North "Bakari"]
	// [Result "*"]
	// [Variant "Bao la Kiswahili"]
	//
	// 1. A6<* a6< *
}

func ExampleImportEach() {
	// Two games, each passed on as it is read: an input of any size holds one at a time.
	list := " 1: A6<* 6< *\n 1: A6<* *\n"
	problems, err := exchange.ImportEach("kiba", "final.txt", []byte(list), exchange.Options{Variant: engine.Kiswahili},
		func(r *notation.Record) error {
			fmt.Println(r.Number, r.Tag("Result"), len(r.Moves), "plies")
			return nil
		})
	fmt.Println(len(problems), "problems", err)
	// Output:
	// 1 * 2 plies
	// 2 * 1 plies
	// 0 problems <nil>
}
