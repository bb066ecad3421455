package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

// exploreOptions are bao explore's flags and archive, the position's moves read by check.
type exploreOptions struct {
	q            archive.ExploreQuery
	after, index string
	json         bool
	root         string
}

// check reads the archive and the moves of --after; a wrong variant is a usage error.
func (o *exploreOptions) check(args []string) error {
	o.root = archiveArg(args)
	if _, err := variantFlag(o.q.Variant); err != nil {
		return err
	}
	o.q.After = strings.Fields(o.after)
	return nil
}

// newExploreCmd is bao explore; runF, if not nil, runs it instead of exploring.
func newExploreCmd(e *env, runF func(*exploreOptions) error) *cobra.Command {
	var o exploreOptions
	c := &cobra.Command{
		Use:   "explore [ARCHIVE] --variant ID [--position BPN] [--after MOVES]",
		Short: "Show the moves the archive's games played from a position (an opening tree)",
		Long: `Show the moves played from a position across the archive's games, most played first,
with how many games played each and how those games ended: South wins, North wins, draws,
unknown (no result, or unfinished). The position is the variant's start unless --position or
--after names another; --after plays its moves from --position, if given. The answer comes from the index that 'bao index' built.

--since, --until and --player count only the games of those years or days and of that player
(as bao search reads them). The lines of the archive's openings.toml that reach the position,
or the position after a move, are named.

Columns: move, games, its share of the games that reached the position, South wins, North
wins, draws, unknown (each also as a share of the move's games), the position after the move,
and, with an openings.toml, the opening it reaches.`,
		Example: `  bao explore games --variant kiswahili
  bao explore games --variant kingulu --after "A3 a4"
  bao explore games --variant kiswahili --since 1990 --until 1999 --player "Juma, Ali"`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return exploreRun(cmd.Context(), e, &o)
		},
	}
	variantVar(c, &o.q.Variant, "game")
	c.Flags().StringVar(&o.q.Position, "position", "", "the position (BPN; default: the start)")
	c.Flags().StringVar(&o.after, "after", "", `the position after these moves from --position or the start ("A6<* a4>")`)
	c.Flags().StringVar(&o.q.Since, "since", "", "count only games played in or after this year (YYYY) or on or after this day (YYYY-MM-DD)")
	c.Flags().StringVar(&o.q.Until, "until", "", "count only games played in or before this year or on or before this day")
	c.Flags().StringVar(&o.q.Player, "player", "", "count only the games of this player (as bao search --player)")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().StringVar(&o.index, "index", "", "index directory (default ARCHIVE/.bao/index)")
	completeFolders(c)
	return c
}

// exploreRun lists the moves played from the position, as a table on a terminal.
func exploreRun(ctx context.Context, e *env, o *exploreOptions) error {
	root := o.root
	if err := checkDir(root); err != nil {
		return err
	}
	var err error
	if o.q.Aliases, err = event.LoadAliases(filepath.Join(root, "players.toml")); err != nil {
		return err
	}
	if o.q.Openings, err = archive.LoadOpenings(root); err != nil {
		return err
	}
	var t *archive.Tree
	err = queryIndex(root, o.index, func(ix *archive.Index) (err error) {
		t, err = ix.Explore(ctx, o.q)
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
	fmt.Fprintf(e.out, "%s\t%s\t%d ended here", t.Position, english.Count(t.Games, "game"), t.Ended)
	if len(t.Openings) > 0 {
		fmt.Fprintf(e.out, "\t%s", notation.DisplayName(strings.Join(t.Openings, "; ")))
	}
	fmt.Fprintln(e.out)
	named := o.q.Openings.Len() > 0 // the column of openings, with a table
	if tw != nil {
		fmt.Fprint(w, "MOVE\tGAMES\tSHARE\tSOUTH WINS\tNORTH WINS\tDRAWS\tUNKNOWN\tPOSITION AFTER\t")
		if named {
			fmt.Fprint(w, "OPENING\t")
		}
		fmt.Fprintln(w)
	}
	pc := func(n, of int) string { return fmt.Sprintf("%d (%d%%)", n, archive.Percent(n, of)) }
	for _, m := range t.Moves {
		fmt.Fprintf(w, "%s\t%d\t%d%%\t%s\t%s\t%s\t%s\t%s", m.Move, m.Games, archive.Percent(m.Games, t.Games),
			pc(m.SouthWins, m.Games), pc(m.NorthWins, m.Games), pc(m.Draws, m.Games), pc(m.Unknown, m.Games), m.Position)
		if named {
			fmt.Fprintf(w, "\t%s", notation.DisplayName(strings.Join(m.Openings, "; ")))
		}
		fmt.Fprintln(w)
	}
	if tw != nil {
		return tw.Flush()
	}
	return nil
}
