// Package exchange reads the game records of other Bao programs and printed notations, and
// writes BGN games in other formats: Abstract Play game records (both ways), KIBA move lists
// and BoardGameArena logs, lists with directions as letters (L/R), the nkkmd web app's JSON
// records, and JSON Lines for scripts. docs/import.md describes each format and what it keeps.
//
//	recs, problems, err := exchange.Import("kiba", "final.txt", data, exchange.Options{Variant: engine.Kiswahili})
//	for _, p := range problems { fmt.Println(p) } // input:line:col: message
//	sink, err := exchange.NewSink("games")        // the games stored already
//	added, dups, err := sink.Add("games/final.bgn", recs, false) // or Store one at a time, then Commit
//	err = exchange.Export("json", os.Stdout, recs)
//	enc, err := exchange.NewEncoder("json", w)     // or one record at a time
//	err = enc.Encode(rec); err = enc.Close()
//
// Every game read is verified through the engine (notation.Verify); a game with a problem is
// kept, never dropped, with its problem in an ImportProblem tag. A Sink never stores one game
// twice (notation.Duplicates tells).
package exchange
