package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

func newMergeCmd(e *env) *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "merge [-o OUT.bgn] FILE|FOLDER|-...",
		Short: "Join the games of several BGN files into one",
		Long: `Join the games of the files (a folder stands for the .bgn files under it, - for standard
input), in order, into one BGN file in the canonical export form: OUT.bgn with -o (written
safely: a temporary file, synced and renamed), else standard output. A record with syntax
errors is reported and left out, and the command then exits 1; run bao validate on the
inputs to see every problem. Follow with bao dedupe to drop games stored twice.`,
		Example: `  bao merge -o all.bgn day1.bgn day2.bgn
  bao merge testdata/archive > archive.bgn`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// Records are written as they are read, so that memory stays flat however many
			// games are merged; -o writes a temporary file that becomes OUT.bgn only whole.
			w, err := createOutput(e, out)
			if err != nil {
				return err
			}
			defer w.Abort()
			enc, n := exchange.BGNEncoder(w), 0
			failed, err := eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
				if len(errs) > 0 {
					bad(fmt.Errorf("%s: left out: %w", fmt.Sprintf("%s:%d", r.File, r.Pos.Line), errs[0]))
					return nil
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
	completeRecords(c)
	return c
}
