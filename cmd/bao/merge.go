package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

// mergeOptions are bao merge's flags and files.
type mergeOptions struct {
	out     string
	combine bool
	args    []string // files and folders, - for standard input
}

// newMergeCmd is bao merge; runF, if not nil, runs it instead of merging.
func newMergeCmd(e *env, runF func(*mergeOptions) error) *cobra.Command {
	var o mergeOptions
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
none), so that the game keeps where each copy came from; where a copy's other tags differ
(a date, a spelling of a name), its values go into a comment before the first move, naming
its source; standard error says which games were combined and which tags differed.`,
		Example: `  bao merge -o all.bgn day1.bgn day2.bgn
  bao merge testdata/archive > archive.bgn
  bao merge --combine -o masters.bgn devoogt.bgn kiba.bgn`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.args = args
			if runF != nil {
				return runF(&o)
			}
			return mergeRun(e, &o)
		},
	}
	c.Flags().StringVarP(&o.out, "out", "o", "", "write to this file instead of standard output")
	c.Flags().BoolVar(&o.combine, "combine", false, "write a game stored more than once once, keeping the Source and SourceRef of every copy")
	completeRecords(c)
	return c
}

// mergeRun writes the games of the files as one file, the copies of a game combined with
// --combine.
func mergeRun(e *env, o *mergeOptions) error {
	// Records are written as they are read, so that memory stays flat however many
	// games are merged; -o writes a temporary file that becomes OUT.bgn only whole.
	w, err := createOutput(e, o.out)
	if err != nil {
		return err
	}
	defer w.Abort()
	var copies map[int][]*notation.Record // by the record's place among all read
	if o.combine {
		if copies, err = findCopies(e, o.args); err != nil {
			return err
		}
	}
	enc, n, seq := exchange.BGNEncoder(w), 0, 0
	failed, err := eachRecord(e, o.args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
		seq++
		if len(errs) > 0 {
			bad(fmt.Errorf("%s: left out: %w", fmt.Sprintf("%s:%d", r.File, r.Pos.Line), errs[0]))
			return nil
		}
		if cs, ok := copies[seq]; ok && cs == nil {
			return nil // a copy, combined into the first
		}
		for _, c := range copies[seq] {
			differs := r.NoteDifferences(c)
			r.AddProvenance(c)
			fmt.Fprintf(e.err, "%s:%d game %d combined into %s:%d game %d", c.File, c.Pos.Line, c.Number, r.File, r.Pos.Line, r.Number)
			if len(differs) > 0 {
				fmt.Fprintf(e.err, "; its %s kept in a comment", strings.Join(differs, ", "))
			}
			fmt.Fprintln(e.err)
		}
		n++
		return enc.Encode(r)
	})
	if err == nil {
		err = w.Commit()
	}
	if err == nil && o.out != "" {
		fmt.Fprintf(e.err, "wrote %s to %s\n", english.Count(n, "game"), o.out)
	}
	if err == nil && failed {
		return errFound
	}
	return err
}

// findCopies reads the files once to find the games stored more than once: for the first
// record of each such game, the later copies (only their place and tags, so that memory grows
// with the copies, not the games); for each later copy, a nil entry. Records are
// known by their place among all those read (a file named twice is read twice). Standard
// input is read once and kept for the second reading; what cannot be read is reported then.
func findCopies(e *env, args []string) (map[int][]*notation.Record, error) {
	quiet := &env{in: e.in, out: io.Discard, err: io.Discard}
	if slices.Contains(args, stdinName) {
		data, err := io.ReadAll(e.in)
		if err != nil {
			return nil, err
		}
		quiet.in, e.in = bytes.NewReader(data), bytes.NewReader(data)
	}
	var d notation.Duplicates
	copies := map[int][]*notation.Record{}
	first := map[notation.GameRef]int{} // an original's place
	seq := 0
	_, err := eachRecord(quiet, args, func(r *notation.Record, errs notation.ErrorList, _ func(error)) error {
		seq++
		if len(errs) > 0 {
			return nil // left out, and reported, when the games are written
		}
		of, dup := d.Add(r)
		if !dup {
			first[notation.RefOf(r)] = seq
		} else {
			c := &notation.Record{File: r.File, Number: r.Number, Pos: r.Pos, Tags: r.Tags}
			copies[first[of]] = append(copies[first[of]], c)
			copies[seq] = nil
		}
		return nil
	})
	return copies, err
}
