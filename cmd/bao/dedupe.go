package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

// dupDoc is one game stored again, in `bao dedupe --json`.
type dupDoc struct {
	notation.GameRef
	Of notation.GameRef `json:"of"`
}

// duplicatesFound is what bao dedupe found in its files.
type duplicatesFound struct {
	games  int
	dups   []dupDoc
	byFile map[string]map[int]bool // file -> numbers of the games to drop
	failed bool                    // a file or record could not be read
}

// findDuplicates reads every record of the files: the first record of a game, in file
// order, is the original, and each later one a duplicate.
func findDuplicates(e *env, args []string) (*duplicatesFound, error) {
	var d notation.Duplicates
	f := &duplicatesFound{byFile: map[string]map[int]bool{}}
	var err error
	f.failed, err = eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
		f.games++
		if len(errs) > 0 {
			return nil // bao validate reports it; a record not read whole is no original
		}
		if of, dup := d.Add(r); dup {
			f.dups = append(f.dups, dupDoc{notation.RefOf(r), of})
			if f.byFile[r.File] == nil {
				f.byFile[r.File] = map[int]bool{}
			}
			f.byFile[r.File][r.Number] = true
		}
		return nil
	})
	return f, err
}

// report lists the duplicates, in JSON or one a line.
func (f *duplicatesFound) report(e *env, asJSON bool) error {
	if asJSON {
		dups := f.dups
		if dups == nil {
			dups = []dupDoc{}
		}
		return writeJSON(e.out, map[string]any{"games": f.games, "duplicates": dups})
	}
	for _, x := range f.dups {
		fmt.Fprintf(e.out, "%s:%d game %d duplicates %s:%d game %d\n", x.File, x.Line, x.Game, x.Of.File, x.Of.Line, x.Of.Game)
	}
	fmt.Fprintf(e.err, "%s, %s\n", english.Count(f.games, "game"), english.Count(len(f.dups), "duplicate"))
	return nil
}

// drop rewrites each file holding a copy without it; it says whether every file was.
func (f *duplicatesFound) drop(e *env) bool {
	ok := true
	for file, numbers := range f.byFile {
		if err := dropGames(file, numbers); err != nil {
			fmt.Fprintln(e.err, err)
			ok = false
		}
	}
	return ok
}

// dedupeOptions are bao dedupe's flags and files.
type dedupeOptions struct {
	drop, json, near bool
	args             []string // files and folders, - for standard input
}

// newDedupeCmd is bao dedupe; runF, if not nil, runs it instead of finding the copies.
func newDedupeCmd(e *env, runF func(*dedupeOptions) error) *cobra.Command {
	var o dedupeOptions
	c := &cobra.Command{
		Use:   "dedupe [--drop] [--json] FILE|FOLDER|-...",
		Short: "Find games stored twice (and drop the copies)",
		Long: `Find the games stored more than once across the files (a folder stands for the .bgn files
under it): the same moves from the same start in the same variant, whatever the tags say and
however the moves are spelled. The first record of a game, in file order, is the original;
each later one is listed as FILE:LINE game N duplicates FILE:LINE game M.

With --drop each file holding a copy is rewritten without it, in the canonical export form
(bao fmt), safely: a temporary file, synced and renamed. A file with syntax errors, or with %
escape lines the export form would lose, is left alone and reported.

With --near it lists instead the pairs of records that are probably one game from two
sources: the same variant and start, and main lines at most 3 moves apart (replaced, left out
or added; at least 5 moves per difference), or the same two players on the same known day with
a common opening of at least 20 plies and most of the shorter game; a fragment (a record with
gaps, "...") and a whole game that plays every move that survives of it, in order, at least
20 of them or with the same players and day. Each pair is printed with
its differences move by move and the roster tags that differ; spellings of one player agree
as in bao stats. Nothing is dropped: which source is right is the historian's call.

Exit code: 0 when there is no copy, or every copy was dropped; 1 when copies remain (listed).
With --near: 0, whatever is listed.`,
		Example: `  bao dedupe testdata/archive
  bao dedupe --drop games/
  bao dedupe --near --json collections/`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.near && o.drop {
				return usagef("--near lists; it cannot --drop")
			}
			o.args = args
			if runF != nil {
				return runF(&o)
			}
			return dedupeRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.drop, "drop", false, "rewrite the files without the copies")
	c.Flags().BoolVar(&o.json, "json", false, `print {"games":N,"duplicates":[{"file","line","game","of":{…}}]}`)
	c.Flags().BoolVar(&o.near, "near", false, `list the pairs that are probably one game from two sources (with --json: {"games":N,"near":[{"a","b","edits","moves","tags"}]})`)
	completeRecords(c)
	return c
}

// dedupeRun finds the games stored twice (or near pairs), and drops the copies with --drop.
func dedupeRun(e *env, o *dedupeOptions) error {
	if o.near {
		return nearPairs(e, o.args, o.json)
	}
	found, err := findDuplicates(e, o.args)
	if err != nil {
		return err
	}
	if err := found.report(e, o.json); err != nil {
		return err
	}
	if o.drop {
		if !found.drop(e) || found.failed {
			return errFound
		}
		return nil
	}
	if len(found.dups) > 0 || found.failed {
		return errFound
	}
	return nil
}

// dropGames rewrites a file without the numbered games, refusing if anything else would be
// lost: syntax errors, % escape lines, standard input.
func dropGames(path string, numbers map[int]bool) error {
	if path == "stdin" {
		return fmt.Errorf("stdin: cannot drop games from standard input; bao merge it to a file first")
	}
	_, err := notation.Rewrite(path, notation.RewriteOptions{}, func(r *notation.Record) ([]*notation.Record, error) {
		if numbers[r.Number] {
			return nil, nil
		}
		return []*notation.Record{r}, nil
	})
	var nr *notation.NotRewritten
	var syntax notation.ErrorList
	if errors.As(err, &nr) && errors.As(nr.Err, &syntax) {
		return fmt.Errorf("%s: not rewritten: it has syntax errors (bao validate %s)", path, path)
	}
	return err
}

// nearPairs is bao dedupe --near.
func nearPairs(e *env, args []string, asJSON bool) error {
	n := notation.Near{Key: event.Key}
	games := 0
	failed, err := eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
		games++
		if len(errs) == 0 {
			n.Add(r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	pairs := n.Pairs()
	if asJSON {
		if pairs == nil {
			pairs = []notation.NearPair{}
		}
		if err := writeJSON(e.out, map[string]any{"games": games, "near": pairs}); err != nil {
			return err
		}
	} else {
		for _, p := range pairs {
			fmt.Fprintf(e.out, "%s:%d game %d ~ %s:%d game %d: %s\n", p.A.File, p.A.Line, p.A.Game, p.B.File, p.B.Line, p.B.Game, nearSummary(p))
			for _, m := range p.Moves {
				fmt.Fprintf(e.out, "  ply %d: %s | %s\n", m.Ply, orNone(m.A), orNone(m.B))
			}
			for _, t := range slices.Sorted(maps.Keys(p.Tags)) {
				fmt.Fprintf(e.out, "  %s: %s | %s\n", t, orNone(p.Tags[t][0]), orNone(p.Tags[t][1]))
			}
		}
		fmt.Fprintf(e.err, "%s, %s\n", english.Count(games, "game"), english.Count(len(pairs), "near pair"))
	}
	if failed {
		return errFound
	}
	return nil
}

// nearSummary says in words how far a pair's main lines are apart.
func nearSummary(p notation.NearPair) string {
	switch {
	case p.Gaps() > 0:
		return "a fragment of the same game, every surviving move the same; " + english.Count(p.Gaps(), "gap") + ", each beside the moves it stands for"
	case p.Edits == 0:
		return "the same moves"
	case p.Edits <= notation.NearEdits:
		return english.Count(p.Edits, "move") + " apart"
	}
	return fmt.Sprintf("the same players and day, the same first %d plies", p.Moves[0].Ply-1)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
