package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// statsOptions are bao stats' flags and files.
type statsOptions struct {
	json     bool
	top      int
	openings string
	args     []string // files and folders, - for standard input
}

// newStatsCmd is bao stats; runF, if not nil, runs it instead of counting.
func newStatsCmd(e *env, runF func(*statsOptions) error) *cobra.Command {
	var o statsOptions
	c := &cobra.Command{
		Use:   "stats [--json] [--top N] FILE|FOLDER|-...",
		Short: "Count a collection's games by variant, result, year, player, opening and length",
		Long: fmt.Sprintf(`Count the games of the files (a folder stands for the .bgn files under it, - for standard
input) by variant, result, year, player (a game counts for each of its players; spellings
that differ only in case, spacing, accents' encoding or "Surname, Given" order are one
player, listed as first seen), opening (the
first %d moves, in canonical form) and length (plies of the main line, in bands of %d). Lists
are most games first, at most --top values; years and lengths are listed in order, all of
them. ? counts the games that do not say. With --json: one document
{"games":N,"variant":[{"value","games"}],"result":[…],"year":[…],"player":[…],"opening":[…],"length":[…]}.
A record with syntax errors, or whose main line cannot be played to its end, is counted from
what could be read, and reported (exit code 1). An illegible move is read as bao validate
fills it.

With a table of named openings (the openings.toml at the root of a FOLDER given, or
--openings FILE), a game's opening is the name of the longest line of the table it begins
with, and its first moves only when no line names it.`, notation.OpeningPlies, notation.LengthBand),
		Example: `  bao stats testdata/archive
  bao stats --json --top 5 games/`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.top < 0 {
				return usagef("--top must be 0 (all) or more")
			}
			o.args = args
			if runF != nil {
				return runF(&o)
			}
			return statsRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().IntVar(&o.top, "top", 10, "values to list for variant, result, player and opening (0: all)")
	c.Flags().StringVar(&o.openings, "openings", "", "table of named openings (default: openings.toml of the first FOLDER that has one)")
	completeRecords(c)
	return c
}

// statsRun counts the games and prints the counts.
func statsRun(e *env, o *statsOptions) error {
	t := notation.Tally{PlayerKey: event.Key} // spellings of one player count together
	table, err := statsOpenings(o.args, o.openings)
	if err != nil {
		return err
	}
	named := map[string]int{} // by opening, with the table
	failed, err := eachRecord(e, o.args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
		if table.Len() > 0 {
			named[openingOf(table, r)]++
		}
		if len(errs) > 0 {
			bad(errs[0])
		}
		if e := t.Add(r); e != nil && len(errs) == 0 {
			bad(e) // counted as far as it replays, and reported
		}
		return nil
	})
	if err != nil {
		return err
	}
	s := t.Stats(o.top)
	if table.Len() > 0 {
		s.Opening = topCounts(named, o.top)
	}
	if o.json {
		err = writeJSON(e.out, s)
	} else {
		fmt.Fprintf(e.out, "games: %d\n", s.Games)
		for _, l := range []struct {
			name string
			cs   []notation.Count
		}{{"variant", s.Variant}, {"result", s.Result}, {"year", s.Year}, {"player", s.Player},
			{"opening", s.Opening}, {"length", s.Length}} {
			if len(l.cs) == 0 {
				continue // no games
			}
			parts := make([]string, len(l.cs))
			for i, c := range l.cs {
				parts[i] = fmt.Sprintf("%s %d", notation.DisplayName(c.Value), c.Games)
			}
			fmt.Fprintf(e.out, "%s: %s\n", l.name, strings.Join(parts, ", "))
		}
	}
	if err == nil && failed {
		return errFound
	}
	return err
}

// statsOpenings reads the table of openings bao stats names openings with: path, or else the
// openings.toml of the first folder of args that has one; none is an empty table.
func statsOpenings(args []string, path string) (*archive.Openings, error) {
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return archive.ParseOpenings(path, data)
	}
	for _, a := range args {
		if isDir(a) && isFile(filepath.Join(a, archive.OpeningsFile)) {
			return archive.LoadOpenings(a)
		}
	}
	return nil, nil
}

// openingOf is what bao stats counts a game's opening as: its name in the table, or else its
// first moves.
func openingOf(table *archive.Openings, r *notation.Record) string {
	p := notation.PlayedOf(r)
	if start, err := r.Start(); err == nil {
		if name, _ := table.Of(start, p.Moves); name != "" {
			return name
		}
	}
	return strings.Join(p.Moves[:min(notation.OpeningPlies, p.Plies)], " ")
}

// topCounts lists counts as notation.Tally lists them: most games first, then by value, at
// most top (0: all), "?" for none.
func topCounts(m map[string]int, top int) []notation.Count {
	cs := make([]notation.Count, 0, len(m))
	for v, n := range m {
		cs = append(cs, notation.Count{Value: cmp.Or(v, "?"), Games: n})
	}
	slices.SortFunc(cs, func(a, b notation.Count) int {
		return cmp.Or(b.Games-a.Games, strings.Compare(a.Value, b.Value))
	})
	if top > 0 && len(cs) > top {
		cs = cs[:top]
	}
	return cs
}
