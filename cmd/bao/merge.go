package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

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
			var recs []*notation.Record
			failed, err := eachRecord(e, args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
				if len(errs) > 0 {
					bad(fmt.Errorf("%s: left out: %w", fmt.Sprintf("%s:%d", r.File, r.Pos.Line), errs[0]))
					return nil
				}
				recs = append(recs, r)
				return nil
			})
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := notation.Write(&b, recs...); err != nil {
				return err
			}
			if out == "" {
				_, err = e.out.Write(b.Bytes())
			} else if err = notation.WriteFile(out, b.Bytes()); err == nil {
				fmt.Fprintf(e.err, "wrote %s to %s\n", english.Count(len(recs), "game"), out)
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
