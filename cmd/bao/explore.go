package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/english"
)

func newExploreCmd(e *env) *cobra.Command {
	var o struct {
		q            archive.ExploreQuery
		after, index string
		json         bool
	}
	c := &cobra.Command{
		Use:   "explore [ARCHIVE] --variant ID [--position BPN | --after MOVES]",
		Short: "Show the moves the archive's games played from a position (an opening tree)",
		Long: `Show the moves played from a position across the archive's games, most played first,
with how many games played each and how those games ended: South wins, North wins, draws,
unknown (no result, or unfinished). The position is the variant's start unless --position or
--after names another. The answer comes from the index that 'bao index' built.

Columns: move, games, South wins, North wins, draws, unknown, the position after the move.`,
		Example: `  bao explore games --variant kiswahili
  bao explore games --variant kingulu --after "A3 a4"`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			root := archiveArg(args)
			if err := checkDir(root); err != nil {
				return err
			}
			if _, err := variantFlag(o.q.Variant); err != nil {
				return err
			}
			o.q.After = strings.Fields(o.after)
			var t *archive.Tree
			err := queryIndex(root, o.index, func(ix *archive.Index) (err error) {
				t, err = ix.Explore(cmd.Context(), o.q)
				return err
			})
			if err != nil {
				return err
			}
			if o.json {
				return writeJSON(e.out, t)
			}
			w := e.out
			var tw *tabwriter.Writer
			if isTerminal(e.out) {
				tw = tabwriter.NewWriter(e.out, 0, 4, 2, ' ', tabwriter.AlignRight)
				w = tw
			}
			fmt.Fprintf(e.out, "%s\t%s\t%d ended here\n", t.Position, english.Count(t.Games, "game"), t.Ended)
			if tw != nil {
				fmt.Fprintln(w, "MOVE\tGAMES\tSOUTH WINS\tNORTH WINS\tDRAWS\tUNKNOWN\tPOSITION AFTER\t")
			}
			for _, m := range t.Moves {
				fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%d\t%s\n", m.Move, m.Games, m.SouthWins, m.NorthWins, m.Draws, m.Unknown, m.Position)
			}
			if tw != nil {
				return tw.Flush()
			}
			return nil
		},
	}
	variantVar(c, &o.q.Variant, "game")
	c.Flags().StringVar(&o.q.Position, "position", "", "the position (BPN; default: the start)")
	c.Flags().StringVar(&o.after, "after", "", `or: the position after these moves from the start ("A6<* a4>")`)
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().StringVar(&o.index, "index", "", "index directory (default ARCHIVE/.bao/index)")
	completeFolders(c)
	return c
}
