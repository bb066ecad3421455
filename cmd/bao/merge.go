package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

func newMergeCmd(e *env) *cobra.Command {
	var out string
	var combine bool
	c := &cobra.Command{
		Use:   "merge [-o OUT.bgn] FILE|FOLDER|-...",
		Short: "Join the games of several BGN files into one",
		Long: `Join the games of the files (a folder stands for the .bgn files under it, - for standard
input), in order, into one BGN file in the canonical export form: OUT.bgn with -o (written
safely: a temporary file, synced and renamed), else standard output. A record with syntax
errors is reported and left out, and the command then exits 1; run bao validate on the
inputs to see every problem. Follow with bao dedupe to drop games stored twice, or
merge with --combine: the same game (the same moves from the same start, as bao dedupe
judges) is then written once, where it first comes, and its Source and SourceRef tags name
every copy's source, joined by " | " in the same order in both tags ("?" where a copy has
none), so that the game keeps where each copy came from; standard error says which games
were combined.`,
		Example: `  bao merge -o all.bgn day1.bgn day2.bgn
  bao merge testdata/archive > archive.bgn
  bao merge --combine -o masters.bgn devoogt.bgn kiba.bgn`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// Records are written as they are read, so that memory stays flat however many
			// games are merged; -o writes a temporary file that becomes OUT.bgn only whole.
			w, err := createOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			var copies map[notation.GameRef][]*notation.Record
			if combine {
				if copies, err = findCopies(e, args); err != nil {
					return err
				}
			}
			enc, n := exchange.BGNEncoder(w), 0
			failed, err := eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
				if len(errs) > 0 {
					bad(fmt.Errorf("%s: left out: %w", fmt.Sprintf("%s:%d", r.File, r.Pos.Line), errs[0]))
					return nil
				}
				ref := notation.RefOf(r)
				if _, dup := copies[ref]; dup && copies[ref] == nil {
					return nil
				}
				for _, c := range copies[ref] {
					r.AddProvenance(c)
					fmt.Fprintf(e.err, "%s:%d game %d combined into %s:%d game %d\n", c.File, c.Pos.Line, c.Number, r.File, r.Pos.Line, r.Number)
				}
				n++
				return enc.Encode(r)
			})
			if err == nil {
				err = w.Commit()
			}
			if err == nil && out != "" {
				fmt.Fprintf(e.err, "wrote %s to %s\n", english.Count(n, "game"), out)
			}
			if err == nil && failed {
				return errFound
			}
			return err
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "write to this file instead of standard output")
	c.Flags().BoolVar(&combine, "combine", false, "write a game stored more than once once, keeping the Source and SourceRef of every copy")
	completeRecords(c)
	return c
}

// findCopies reads the files once to find the games stored more than once: for the first
// record of each such game, the later copies (only their place and provenance tags, so that
// memory grows with the copies, not the games); for each later copy, a nil entry. Standard
// input is read once and kept for the second reading; what cannot be read is reported then.
func findCopies(e *env, args []string) (map[notation.GameRef][]*notation.Record, error) {
	quiet := &env{in: e.in, out: io.Discard, err: io.Discard}
	if slices.Contains(args, stdinName) {
		data, err := io.ReadAll(e.in)
		if err != nil {
			return nil, err
		}
		quiet.in, e.in = bytes.NewReader(data), bytes.NewReader(data)
	}
	var d notation.Duplicates
	copies := map[notation.GameRef][]*notation.Record{}
	_, err := eachRecord(quiet, args, func(r *notation.Record, errs notation.ErrorList, _ func(error)) error {
		if len(errs) > 0 {
			return nil // left out, and reported, when the games are written
		}
		if of, dup := d.Add(r); dup {
			c := &notation.Record{File: r.File, Number: r.Number, Pos: r.Pos}
			for _, name := range []string{"Source", "SourceRef"} {
				if v := r.Tag(name); v != "" {
					c.SetTag(name, v)
				}
			}
			copies[of] = append(copies[of], c)
			copies[notation.RefOf(r)] = nil
		}
		return nil
	})
	return copies, err
}
