package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/notation"
)

// fmtOptions are bao fmt's flags and the files its arguments name.
type fmtOptions struct {
	write, dropEscapes, force bool
	paths                     []string
}

// check reads the arguments into the files; -w on standard input is a usage error, before any
// file is rewritten.
func (o *fmtOptions) check(args []string) (err error) {
	if o.paths, err = recordFiles(args); err != nil {
		return err
	}
	if o.write && slices.Contains(o.paths, stdinName) {
		return usagef("-w cannot rewrite standard input")
	}
	return nil
}

// newFmtCmd is bao fmt; runF, if not nil, runs it instead of formatting.
func newFmtCmd(e *env, runF func(*fmtOptions) error) *cobra.Command {
	var o fmtOptions
	c := &cobra.Command{
		Use:   "fmt [-w] FILE|FOLDER|-...",
		Short: "Write BGN files in the canonical export form",
		Long: `Print each file in the canonical export form of the BGN spec (tag order, ? defaults,
lines under 80 characters, glyphs as NAGs, LF line ends). With -w, rewrite the files in place
instead: through a temporary file that is synced and renamed, so a file is never left half
written. A file with syntax errors is reported and left alone (exit code 1), and so is a file
without games. The export form, like PGN's, has no % escape lines: -w leaves a file that has
them alone unless --drop-escapes says they may go. A folder stands for the .bgn files under it;
- reads standard input (and cannot be rewritten with -w). Files are read and written record by
record, in flat memory however large they are. -w also leaves alone a file with a game that
does not verify (an illegal move, a wrong checkpoint): writing it would number its moves anew
and move a scribe's slip into the other player's column, losing the numbering that is
evidence; bao repair first, or --force rewrites it anyway.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return fmtRun(e, &o)
		},
	}
	c.Flags().BoolVarP(&o.write, "write", "w", false, "rewrite the files in place")
	c.Flags().BoolVar(&o.dropEscapes, "drop-escapes", false, "with -w, rewrite files even if their % escape lines are lost")
	c.Flags().BoolVar(&o.force, "force", false, "with -w, rewrite files even if a game does not verify")
	completeRecords(c)
	return c
}

// fmtRun prints or rewrites each file; a file it reports and leaves alone (fmtProblem) makes
// the exit code 1, other errors stop it.
func fmtRun(e *env, o *fmtOptions) error {
	failed := false
	for i, path := range o.paths {
		var err error
		if o.write {
			err = fmtInPlace(path, o.dropEscapes, o.force)
		} else {
			err = fmtTo(e, path, i > 0)
		}
		var problem fmtProblem
		if errors.As(err, &problem) {
			fmt.Fprintln(e.err, err)
			failed = true
		} else if err != nil {
			return err
		}
	}
	if failed {
		return errFound
	}
	return nil
}

// fmtProblem is a file that fmt reports and leaves alone: its syntax or read errors, or escape
// lines that -w would lose. Other errors (writing) stop the command.
type fmtProblem struct{ error }

// formatStream writes the canonical form of the records of r, named name in messages, to w,
// record by record, and returns how many % escape lines it read. A syntax or read error, or no
// record at all, is a fmtProblem and leaves w incomplete.
func formatStream(r io.Reader, name string, w io.Writer) (escapes int, err error) {
	recs := 0
	sc := notation.NewScanner(r, name)
	bw := bufio.NewWriter(w)
	enc := exchange.BGNEncoder(bw)
	var errs notation.ErrorList
	for sc.Scan() {
		errs = append(errs, sc.Errors()...)
		if len(errs) == 0 {
			if err := enc.Encode(sc.Record()); err != nil {
				return 0, err
			}
		}
		recs++
	}
	if err := sc.Err(); err != nil {
		return 0, fmtProblem{err}
	}
	if err := errs.Err(); err != nil {
		return 0, fmtProblem{err}
	}
	if recs == 0 {
		return 0, fmtProblem{&notation.Error{File: name, Err: notation.ErrNoGames}}
	}
	return sc.EscapeLines(), bw.Flush()
}

// fmtTo prints the canonical form of a file ("-": standard input), after a blank line if it is
// not the first. It is spooled to a temporary file first: a file with an error at its end, or
// without games, prints nothing.
func fmtTo(e *env, path string, blank bool) error {
	r, name, err := openRecords(e, path)
	if err != nil {
		return fmtProblem{err}
	}
	defer r.Close()
	out, err := spool()
	if err != nil {
		return err
	}
	defer os.Remove(out.Name())
	defer out.Close()
	if _, err := formatStream(r, name, out); err != nil {
		return err
	}
	if _, err := out.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if blank {
		fmt.Fprintln(e.out)
	}
	_, err = io.Copy(e.out, out)
	return err
}

// spool makes an empty temporary file.
func spool() (*os.File, error) { return os.CreateTemp("", "bao-fmt-*") }

// fmtInPlace rewrites a file in its canonical form unless it has problems, no games, escape
// lines that would be lost (without dropEscapes), a game that does not verify (without force),
// or is canonical already.
func fmtInPlace(path string, dropEscapes, force bool) error {
	_, err := notation.Rewrite(path, notation.RewriteOptions{DropEscapes: dropEscapes},
		func(r *notation.Record) ([]*notation.Record, error) {
			if !force {
				if ve := notation.Verify(r); len(ve) > 0 {
					return nil, fmtProblem{fmt.Errorf("%s: not rewritten: game %d does not verify (%v); its moves would be numbered anew (bao repair first, or --force)", path, r.Number, ve[0])}
				}
			}
			return []*notation.Record{r}, nil
		})
	var nr *notation.NotRewritten
	switch {
	case errors.Is(err, notation.ErrEscapeLines) && errors.As(err, &nr):
		return fmtProblem{fmt.Errorf("%s: not rewritten: its %d %% escape line(s) are not part of the export form and would be lost (--drop-escapes rewrites it anyway)", path, nr.Escapes)}
	case errors.As(err, &nr):
		return fmtProblem{nr.Err}
	}
	return err
}
