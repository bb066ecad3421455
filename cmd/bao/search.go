package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

// searchOptions are bao search's flags and arguments, read into the query by check.
type searchOptions struct {
	q             archive.Query
	root          string // the archive, "." unless given
	after, index  string
	played        string
	export        string
	json          bool
	limit, offset int
}

// check reads the arguments and flags into the query; a conflict is a usage error.
func (o *searchOptions) check(args []string) error {
	o.root = "."
	switch {
	case len(args) == 2:
		o.root, o.q.Text = args[0], args[1]
	case len(args) == 1 && isDir(args[0]):
		o.root = args[0]
	case len(args) == 1:
		o.q.Text = args[0]
	}
	if err := checkDir(o.root); err != nil {
		return err
	}
	if (o.q.Position != "" || o.after != "" || o.q.Pattern != "" || o.played != "") && o.q.Variant == "" {
		return usagef("--position, --after, --pattern and --played need --variant")
	}
	o.q.After, o.q.Limit, o.q.Offset = strings.Fields(o.after), o.limit, o.offset
	o.q.Played = strings.Fields(o.played)
	if o.limit < 1 || o.offset < 0 {
		return usagef("--limit must be >= 1 and --offset >= 0")
	}
	return nil
}

// newSearchCmd is bao search; runF, if not nil, runs it instead of searching.
func newSearchCmd(e *env, runF func(*searchOptions) error) *cobra.Command {
	var o searchOptions
	c := &cobra.Command{
		Use:   "search [ARCHIVE] [QUERY]",
		Short: "Search an archive's index",
		Long: `Search the index that 'bao index' built. ARCHIVE defaults to the current directory; a
single argument is the ARCHIVE if it is a folder, else the QUERY. The flags narrow the query;
all parts must match. Each hit is printed as FILE:LINE of the game (a path you can open from
where you stand), its number in the file, variant, players, result, date and event; a position
search adds the plies at which the position stood (0 is the start).

--pattern finds positions by a pattern: a BPN in which any pit count may be x (any), N-M (N to
M) or N+ (N or more), and each field after the pits (side to move, reserves or stores, houses,
block) may be x; in a field of two counts each may be x or N+ ("x-0", "5+-x"). Fields left off
the end match anything. The plies listed are those whose position matches. --played finds a
sequence of moves played one after another anywhere in the main line; the suffixes * ** and #
may be left off. Its plies are those where the sequence starts. On a terminal the columns
have a header. A page holds --limit hits; when there are more, a note on standard error says
how many and how to see them. A field the index does not have (varient:kete) is warned about.
--player finds a player by the name or whole words of it, in any case, "Surname, Given" or
"Given Surname", or any spelling the archive's players.toml joins: --player Haji finds Mzee
Haji, as bao serve's search and the site's search do. --opening finds the games whose opening
(the longest line of the archive's openings.toml that the game begins with) has that name.
No hits is not an error.

--export FILE writes every matching game (not one page) to FILE as one BGN file, read from the
archive's files, as pgn-extract writes the games a filter selects.

` + archive.QuerySyntax,
		Example: `  bao search games 'zanzibar -errors:true'
  bao search games --player "ali juma" --since 1998 --facets
  bao search games --variant kingulu --after "A3 a4"
  bao search games --variant kiswahili --pattern 'x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x/0,0,0,0,0,0,0,0/x,x,x,x,x,x,x,x x x H x'
  bao search games --variant kiswahili --played 'A6<* a5>'
  bao search games --json errors:true
  bao search games --variant kete --result south --export kete-south-wins.bgn`,
		Args: cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return searchRun(cmd.Context(), e, &o)
		},
	}
	f := c.Flags()
	variantVar(c, &o.q.Variant, "only games of this variant")
	f.StringVar(&o.q.Player, "player", "", `only games of this player: the name or whole words of it, either side, any case, "Surname, Given" or a spelling players.toml joins`)
	f.StringVar(&o.q.Event, "event", "", "only games of events whose name has these words")
	f.StringVar(&o.q.Opening, "opening", "", "only games of this opening, named as the archive's openings.toml names it")
	f.StringVar(&o.q.Since, "since", "", "only games played in or after this year (YYYY) or on or after this day (YYYY-MM-DD)")
	f.StringVar(&o.q.Until, "until", "", "only games played in or before this year or on or before this day")
	f.StringVar(&o.q.Result, "result", "", "only games with this result: 1-0, 0-1, 1/2-1/2, * (or south, north, draw, unknown)")
	f.StringVar(&o.q.Position, "position", "", "only games whose main line reaches this position (BPN; needs --variant)")
	f.StringVar(&o.after, "after", "", `only games reaching the position after these moves from --position or the start ("A6<* a4>"; needs --variant)`)
	f.StringVar(&o.q.Pattern, "pattern", "", "only games whose main line reaches a position of this pattern: a BPN where a count may be x, N-M or N+ and a field x (needs --variant)")
	f.StringVar(&o.played, "played", "", `only games whose main line plays these moves one after another, anywhere ("A6<* a5>"; needs --variant)`)
	f.BoolVar(&o.q.Facets, "facets", false, "count the matching games by variant, result, decade, player, event and length")
	f.IntVar(&o.limit, "limit", 20, "hits to show")
	f.IntVar(&o.offset, "offset", 0, "hits to skip")
	f.BoolVar(&o.json, "json", false, "print JSON")
	f.StringVar(&o.index, "index", "", "index directory (default ARCHIVE/.bao/index)")
	f.StringVar(&o.export, "export", "", "write every matching game to this BGN file")
	completeFolders(c)
	return c
}

// searchRun runs the search the options hold, or its export.
func searchRun(ctx context.Context, e *env, o *searchOptions) error {
	aliases, err := event.LoadAliases(filepath.Join(o.root, "players.toml"))
	if err != nil {
		return err
	}
	o.q.Aliases = aliases
	if o.export != "" {
		return exportHits(ctx, e, o.root, o.index, o.q, o.export)
	}
	var res *archive.Result
	err = queryIndex(o.root, o.index, func(ix *archive.Index) (err error) {
		res, err = ix.Search(ctx, o.q)
		return err
	})
	if err != nil {
		return err
	}
	for i := range res.Hits {
		res.Hits[i].File = filepath.Join(o.root, filepath.FromSlash(res.Hits[i].File))
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(e.err, "bao: warning: %s\n", w)
	}
	if o.json {
		return writeJSON(e.out, res)
	}
	printHits(e.out, res, o.q.Offset, isTerminal(e.out))
	if shown := o.q.Offset + len(res.Hits); shown < res.Total {
		fmt.Fprintf(e.err, "bao: showing %d-%d of %d games; --limit %d shows them all, --offset %d the next page\n",
			o.q.Offset+1, shown, res.Total, res.Total, shown)
	}
	return nil
}

// exportHits writes every game the query matches to one BGN file, as they are read, safely
// (notation.CreateFile: the file appears whole or not at all).
func exportHits(ctx context.Context, e *env, root, index string, q archive.Query, path string) error {
	w, err := createOutput(e, path)
	if err != nil {
		return err
	}
	defer w.Abort()
	enc := exchange.BGNEncoder(w)
	n := 0
	p := newProgress(e.err, -1, "games")
	p.Describe("exporting")
	err = queryIndex(root, index, func(ix *archive.Index) (err error) {
		n, err = ix.Export(ctx, root, q, func(r *notation.Record) error {
			p.Add(1)
			return enc.Encode(r)
		})
		return err
	})
	p.Finish()
	if err != nil {
		return err
	}
	if n == 0 { // an empty file would be a finding for bao validate: write none
		fmt.Fprintf(e.out, "no game matches: %s not written\n", path)
		return nil
	}
	if err := w.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.out, "wrote %s to %s\n", english.Count(n, "game"), path)
	return nil
}

// printHits writes one tab-separated line per hit; on a terminal the columns are aligned and
// a count follows.
func printHits(out io.Writer, res *archive.Result, offset int, terminal bool) {
	w := out
	reached := res.Position != (engine.Position{}) || res.Pattern != "" || len(res.Played) > 0
	var tw *tabwriter.Writer
	if terminal {
		tw = tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		w = tw
		fmt.Fprint(w, "FILE:LINE\tGAME\tVARIANT\tSOUTH - NORTH\tRESULT\tDATE\tEVENT")
		if reached {
			fmt.Fprint(w, "\tREACHED AT PLY")
		}
		fmt.Fprintln(w)
	}
	for _, h := range res.Hits {
		fmt.Fprintf(w, "%s:%d\tgame %d\t%s\t%s - %s\t%s\t%s\t%s", notation.DisplayName(h.File), h.Line, h.Game, h.Variant,
			orUnknown(h.South), orUnknown(h.North), h.Result, orUnknown(h.Date), orUnknown(h.Event))
		if reached {
			fmt.Fprintf(w, "\tply %s", joinInts(h.Reached))
		}
		if len(h.Errors) > 0 {
			fmt.Fprintf(w, "\terrors: %s", h.Errors[0])
		}
		fmt.Fprintln(w)
	}
	if tw != nil {
		tw.Flush()
		fmt.Fprintf(out, "%d-%d of %d games\n", min(offset+1, res.Total), offset+len(res.Hits), res.Total)
	}
	for _, f := range res.Facets {
		var parts []string
		for _, t := range f.Terms {
			parts = append(parts, fmt.Sprintf("%s %d", notation.DisplayName(t.Term), t.Count))
		}
		if f.Missing > 0 {
			parts = append(parts, fmt.Sprintf("(none) %d", f.Missing))
		}
		fmt.Fprintf(out, "%s: %s\n", f.Name, strings.Join(parts, ", "))
	}
}

// orUnknown is a tag value as a terminal shows it: "?" if empty, and with its control
// characters escaped, so that a record cannot send the terminal escape sequences (ESC]0;… sets
// its title) or turn the line around.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return notation.DisplayName(s)
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ",")
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
