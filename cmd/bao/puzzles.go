package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/analysis"
)

// puzzlesOptions are bao puzzles' flags and files, the search's limits and the rule of a
// puzzle read by check.
type puzzlesOptions struct {
	search         searchFlags
	games          gameFlags
	minWin, maxWin int
	rule           analysis.PuzzleRule
	lim            analysis.Limits
	args           []string // files and folders; --merge: results folders
}

// check reads the rule, the limits and the files; a wrong one is a usage error.
func (o *puzzlesOptions) check(args []string) (err error) {
	o.args = args
	o.rule = analysis.PuzzleRule{MinWin: o.minWin, MaxWin: o.maxWin}
	if o.rule.MinWin < 1 || o.rule.MaxWin < o.rule.MinWin || o.rule.MaxWin > 10 {
		return usagef("want 1 <= --min-win <= --max-win <= 10")
	}
	if o.lim, err = o.search.limits(0); err != nil {
		return err
	}
	if o.lim.MoveTime == 0 && o.lim.Depth == 0 && o.lim.Nodes == 0 {
		o.lim = o.rule.ScanLimits()
		o.lim.Threads = o.search.threads
	}
	return o.games.check()
}

// newPuzzlesCmd is bao puzzles; runF, if not nil, runs it instead of finding puzzles.
func newPuzzlesCmd(e *env, runF func(*puzzlesOptions) error) *cobra.Command {
	var o puzzlesOptions
	c := &cobra.Command{
		Use:   "puzzles ARCHIVE... [--depth N|--nodes N] [--min-win N] [--max-win N] [--shard I/N --out DIR [--resume]] [--merge]",
		Short: "Find the forced wins of an archive's games and write them as puzzles",
		Long: `Search every position of each game's main line for a forced win of the player to move,
and write each one that makes a puzzle as a BGN record on standard output: the position to
solve (SetUp, Position), WinIn (the mover's own moves to the win, as win_in in bao bestmove),
the solution as the record's moves (the winning moves with the defender's longest replies),
Source (the game's file and number) and SourceRef (the ply of the move to find), Puzzle
(found: the player played the winning move; missed: he did not, and Played is his move) and
Theme (capture, takasia, nyumba, front-row, no-moves: what the engine names in the win).

A puzzle's first move is the only first move that forces a win within WinIn moves: every
puzzle is proven again from its position alone, to exactly the depth of its win. Left out:
positions with fewer than two moves, wins another first move also forces as quickly, wins
shorter than --min-win (a win in one move is trivial: trying each move shows it) or longer
than --max-win, and the positions of a player on the way of a win he found earlier in the
game. Records that are puzzles (with a WinIn tag) are passed over, so that a collection can
be kept in the archive it comes from. Without --depth, --nodes or --movetime each position is searched to 2*max-win-1 plies,
which finds every such win; the results are the same on every run.

The games come in a stable order: the arguments as given, a folder's .bgn files in name
order, the games of a file in order. --shard I/N works on every N-th of them, --out keeps
each game's result in a folder (written whole or not at all), --resume continues a run that
was cut, and --merge prints from the folders of all the parts exactly what one run prints
(docs/analysis.md shows runs with GNU parallel and Kubernetes).`,
		Example: `  bao puzzles archive/ > puzzles.bgn
  bao puzzles archive/ --shard 2/4 --out results/ --resume
  bao puzzles --merge results/ > puzzles.bgn`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return puzzlesRun(cmd.Context(), e, &o)
		},
	}
	o.search.register(c.Flags(), 0)
	o.games.register(c.Flags())
	c.Flags().IntVar(&o.minWin, "min-win", analysis.DefaultPuzzleRule.MinWin, "shortest win kept, in the mover's moves")
	c.Flags().IntVar(&o.maxWin, "max-win", analysis.DefaultPuzzleRule.MaxWin, "longest win kept, in the mover's moves")
	return c
}

// puzzlesRun finds the puzzles of the games and prints them (or keeps them with --out).
func puzzlesRun(ctx context.Context, e *env, o *puzzlesOptions) error {
	rule, lim := o.rule, o.lim
	s := analysis.NewSearcher(o.search.hash)
	annotator := "bao puzzles, " + lim.Describe() + ", " + rule.Describe()
	written := 0
	r := &gameRun{e: e, flags: o.games, command: "puzzles",
		settings: fmt.Sprintf("%s; threads %d; budget %s", annotator, lim.Threads, o.games.budget),
		work: func(g *inputGame, done func(int), problem func(error)) ([]byte, error) {
			data, err := analysis.WritePuzzles(ctx, s, g.rec, o.games.withBudget(lim, len(g.rec.Moves)), rule,
				g.rel, annotator, func(n, _ int) { done(n) })
			if err != nil && ctx.Err() != nil {
				return nil, err
			} else if err != nil {
				problem(err) // the puzzles before the move that does not play are kept
			}
			return data, nil
		},
		emit: func(data []byte) error {
			if len(data) == 0 {
				return nil
			}
			if written > 0 {
				e.out.Write([]byte{'\n'}) // the export form's blank line between records
			}
			written++
			_, err := e.out.Write(data)
			return err
		},
	}
	failed, err := r.run(o.args)
	if err != nil {
		return err
	}
	if failed {
		return errFound
	}
	return nil
}
