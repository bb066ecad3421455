package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

func newStatsCmd(e *env) *cobra.Command {
	var o struct {
		json bool
		top  int
	}
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
fills it.`, notation.OpeningPlies, notation.LengthBand),
		Example: `  bao stats testdata/archive
  bao stats --json --top 5 games/`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.top < 0 {
				return usagef("--top must be 0 (all) or more")
			}
			t := notation.Tally{PlayerKey: event.Key} // spellings of one player count together
			failed, err := eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
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
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().IntVar(&o.top, "top", 10, "values to list for variant, result, player and opening (0: all)")
	completeRecords(c)
	return c
}
