package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/notation"
)

func newFmtCmd(e *env) *cobra.Command {
	var write, dropEscapes bool
	c := &cobra.Command{
		Use:   "fmt [-w] FILE|FOLDER|-...",
		Short: "Write BGN files in the canonical export form",
		Long: `Print each file in the canonical export form of the BGN spec (tag order, ? defaults,
lines under 80 characters, glyphs as NAGs, LF line ends). With -w, rewrite the files in place
instead: through a temporary file that is synced and renamed, so a file is never left half
written. A file with syntax errors is reported and left alone (exit code 1), and so is a file
without games. The export form, like PGN's, has no % escape lines: -w leaves a file that has
them alone unless --drop-escapes says they may go. A folder stands for the .bgn files under it;
- reads standard input (and cannot be rewritten with -w).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			paths, err := recordFiles(args)
			if err != nil {
				return err
			}
			failed := false
			for i, path := range paths {
				if write && path == stdinName {
					return usagef("-w cannot rewrite standard input")
				}
				out, escapes, err := formatFile(e, path)
				switch {
				case err != nil:
					fmt.Fprintln(e.err, err)
					failed = true
				case write && escapes > 0 && !dropEscapes:
					fmt.Fprintf(e.err, "%s: not rewritten: its %d %% escape line(s) are not part of the export form and would be lost (--drop-escapes rewrites it anyway)\n", path, escapes)
					failed = true
				case write:
					if err := rewrite(path, out); err != nil {
						return err
					}
				default:
					if i > 0 {
						fmt.Fprintln(e.out)
					}
					e.out.Write(out)
				}
			}
			if failed {
				return errFound
			}
			return nil
		},
	}
	c.Flags().BoolVarP(&write, "write", "w", false, "rewrite the files in place")
	c.Flags().BoolVar(&dropEscapes, "drop-escapes", false, "with -w, rewrite files even if their % escape lines are lost")
	completeRecords(c)
	return c
}

// formatFile reads a file and returns its canonical form, or its read or syntax errors, and
// how many % escape lines the canonical form leaves out.
func formatFile(e *env, path string) ([]byte, int, error) {
	f, name, err := openRecords(e, path)
	if err != nil {
		return nil, 0, err
	}
	src, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, 0, err
	}
	sc := notation.NewScanner(bytes.NewReader(src), name)
	var recs []*notation.Record
	var errs notation.ErrorList
	for sc.Scan() {
		recs = append(recs, sc.Record())
		errs = append(errs, sc.Errors()...)
	}
	if err := sc.Err(); err != nil {
		return src, 0, err
	}
	if err := errs.Err(); err != nil || len(recs) == 0 { // a file of % escape lines alone is left as it is
		return src, 0, err
	}
	var b bytes.Buffer
	err = notation.Write(&b, recs...)
	return b.Bytes(), sc.EscapeLines(), err
}

// rewrite replaces path with data unless it already holds it (notation.WriteFile never
// leaves a torn file).
func rewrite(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return notation.WriteFile(path, data)
}
