package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
)

type playDoc struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`
	Status   string `json:"status"`
}

func newPlayCmd(e *env) *cobra.Command {
	var o struct {
		variant, position string
		json, trace       bool
	}
	c := &cobra.Command{
		Use:   "play --variant ID [--position BPN] [--json] [--trace] MOVE...",
		Short: "Play moves from a position and print the result",
		Long: `Play the moves in order from the start (or --position) and print the position reached.
An illegal move stops with exit code 1, naming the move's index and the legal moves.
--trace explains each move: every lap sown, every capture, the house and takasia events.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := variantFlag(o.variant)
			if err != nil {
				return err
			}
			p, err := positionFlag(v, o.position)
			if err != nil {
				return err
			}
			g := engine.NewGame(p)
			for i, tok := range args {
				before := g.Position()
				m, err := g.PlayToken(tok)
				if err != nil {
					return fmt.Errorf("move %d (%s): %w", i+1, tok, err)
				}
				if o.trace {
					_, t, _ := before.Trace(m)
					fmt.Fprintf(e.out, "%d. %s %s\n", i+1, before.ToMove(), v.FormatMove(m))
					for _, line := range t.Describe(v) {
						fmt.Fprintf(e.out, "   %s\n", line)
					}
				}
			}
			d := playDoc{v.ID(), g.Position().String(), g.Status().String()}
			if o.json {
				return writeJSON(e.out, d)
			}
			fmt.Fprintf(e.out, "%s\t%s\n", d.Position, d.Status)
			return nil
		},
	}
	c.Flags().StringVar(&o.variant, "variant", "", "game: kiswahili, kete, kingulu or kimasai")
	c.Flags().StringVar(&o.position, "position", "", "start position as BPN (default: the start)")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().BoolVar(&o.trace, "trace", false, "explain each move lap by lap")
	return c
}
