package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/notation"
)

func newShowCmd(e *env) *cobra.Command {
	var o struct{ game, ply int }
	c := &cobra.Command{
		Use:   "show FILE [--game N] [--ply K]",
		Short: "Show the board of a recorded game after a ply",
		Long: `Replay game N (default 1) of a BGN file and print the board after ply K of its main line
(default: the last; 0 is the start position) as a text diagram and as BPN.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, err := readGame(args[0], o.game)
			if err != nil {
				return err
			}
			rp, err := rec.Replay()
			k := o.ply
			switch {
			case rp == nil, err != nil && (k < 0 || k > len(rp.Plies)):
				return err // the game cannot be replayed as far as asked
			case k > len(rp.Plies):
				return usagef("game %d has %d plies, not %d", o.game, len(rp.Plies), k)
			case k < 0:
				k = len(rp.Plies)
			}
			pos, title := rp.Start, "start"
			if k > 0 {
				pos, title = rp.Plies[k-1].After, fmt.Sprintf("after ply %d, %s", k, rp.Label(k-1))
			}
			fmt.Fprintf(e.out, "%s game %d, %s\n%sposition: %s\n", args[0], o.game, title, notation.Diagram(pos), pos)
			return nil
		},
	}
	c.Flags().IntVar(&o.game, "game", 1, "the game's number in the file, from 1")
	c.Flags().IntVar(&o.ply, "ply", -1, "plies to play before showing the board (-1: the whole main line)")
	return c
}

// readGame reads record n of a file, stopping there; a record with syntax errors is an error.
func readGame(path string, n int) (*notation.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := notation.NewScanner(f, path)
	for sc.Scan() {
		if sc.Record().Number == n {
			return sc.Record(), sc.Errors().Err()
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return nil, usagef("%s has no game %d", path, n)
}
