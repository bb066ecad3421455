package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

type playDoc struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`
	Status   string `json:"status"`
}

// playOptions are bao play's flags and arguments, the variant and the start read by check.
type playOptions struct {
	variant, position string
	json, trace       bool
	moves             []string // the arguments: moves, or - (or none) for standard input
	v                 *engine.Variant
	start             engine.Position
}

// check reads the variant and the start; either wrong is a usage error.
func (o *playOptions) check(args []string) (err error) {
	o.moves = args
	if o.v, err = variantFlag(o.variant); err != nil {
		return err
	}
	o.start, err = positionFlag(o.v, o.position)
	return err
}

// newPlayCmd is bao play; runF, if not nil, runs it instead of playing.
func newPlayCmd(e *env, runF func(*playOptions) error) *cobra.Command {
	var o playOptions
	c := &cobra.Command{
		Use:   "play --variant ID [--position BPN] [--json] [--trace] ['MOVE...' | -]",
		Short: "Play moves from a position and print the result",
		Long: `Play the moves in order from the start (or --position) and print the position reached.
An illegal move stops with exit code 1, naming the move's index and the legal moves.
--trace explains each move: every lap sown, every capture, the house and takasia events.

Quote the moves: a token such as A6>* holds > and *, which the shell reads as a redirection
and a file pattern (unquoted, A6>* would create or empty a file). One quoted argument may hold
several moves separated by spaces. Without moves (or with -) the moves are read from standard
input, separated by spaces or line breaks, and move numbers such as 12. or 12... are skipped,
so BGN movetext can be piped in as it is.`,
		Example: `  bao play --variant kiswahili 'A6<* a5>'
  bao play --variant kingulu --trace 'A3' 'a1'
  echo '1. A6<* a5>' | bao play --variant kiswahili`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return playRun(e, &o)
		},
	}
	variantVar(c, &o.variant, "game")
	c.Flags().StringVar(&o.position, "position", "", "start position as BPN (default: the start)")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().BoolVar(&o.trace, "trace", false, "explain each move lap by lap")
	return c
}

// playRun plays the moves and prints the position reached, after each move's trace with
// --trace.
func playRun(e *env, o *playOptions) error {
	moves, err := moveArgs(e, o.moves)
	if err != nil {
		return err
	}
	v := o.v
	g := engine.NewGame(o.start)
	for i, tok := range moves {
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
}

// moveArgs are the moves to play: the arguments, each of which may hold several moves, or
// standard input when there are none (and it is not a terminal) or the one argument is "-".
func moveArgs(e *env, args []string) ([]string, error) {
	text := strings.Join(args, " ")
	if (len(args) == 0 && !isTerminal(e.in)) || (len(args) == 1 && args[0] == stdinName) {
		b, err := io.ReadAll(e.in)
		if err != nil {
			return nil, err
		}
		text = string(b)
	}
	var moves []string
	for _, f := range strings.Fields(text) {
		if !notation.IsMoveNumber(f) {
			moves = append(moves, f)
		}
	}
	return moves, nil
}
