package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/analysis"
)

func newPuzzlesCmd(e *env) *cobra.Command {
	var o struct {
		search         searchFlags
		games          gameFlags
		minWin, maxWin int
	}
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
			rule := analysis.PuzzleRule{MinWin: o.minWin, MaxWin: o.maxWin}
			if rule.MinWin < 1 || rule.MaxWin < rule.MinWin || rule.MaxWin > 10 {
				return usagef("want 1 <= --min-win <= --max-win <= 10")
			}
			lim, err := o.search.limits(0)
			if err != nil {
				return err
			}
			if lim.MoveTime == 0 && lim.Depth == 0 && lim.Nodes == 0 {
				lim = rule.ScanLimits()
				lim.Threads = o.search.threads
			}
			s := analysis.NewSearcher(o.search.hash)
			annotator := "bao puzzles, " + lim.Describe() + ", " + rule.Describe()
			written := 0
			r := &gameRun{e: e, flags: o.games, command: "puzzles",
				settings: fmt.Sprintf("%s; threads %d; budget %s", annotator, lim.Threads, o.games.budget),
				work: func(g *inputGame, done func(int), problem func(error)) ([]byte, error) {
					data, err := analysis.WritePuzzles(cmd.Context(), s, g.rec, o.games.withBudget(lim, len(g.rec.Moves)), rule,
						g.rel, annotator, func(n, _ int) { done(n) })
					if err != nil && cmd.Context().Err() != nil {
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
			failed, err := r.run(args)
			if err != nil {
				return err
			}
			if failed {
				return errFound
			}
			return nil
		},
	}
	o.search.register(c.Flags(), 0)
	o.games.register(c.Flags())
	c.Flags().IntVar(&o.minWin, "min-win", analysis.DefaultPuzzleRule.MinWin, "shortest win kept, in the mover's moves")
	c.Flags().IntVar(&o.maxWin, "max-win", analysis.DefaultPuzzleRule.MaxWin, "longest win kept, in the mover's moves")
	return c
}
