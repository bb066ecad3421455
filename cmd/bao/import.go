package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/notation"
)

// maxImport bounds what one input may be: records of other programs are small, and a
// hostile or mistaken input (a disk image, /dev/zero) must not fill the memory.
const maxImport = 64 << 20

// importOptions are bao import's flags and inputs, and where the games go (read by check).
type importOptions struct {
	from, variant, out string
	boardLR, force     bool
	inputs             []string
	rt                 exchange.Route
}

// check reads the flags and the inputs into the route; a wrong flag is a usage error.
func (o *importOptions) check(args []string) (err error) {
	o.inputs = args
	o.rt, err = o.route(args)
	return err
}

// route checks the flags, and the inputs against --out, and says where the games go.
func (o *importOptions) route(args []string) (exchange.Route, error) {
	rt := exchange.Route{Out: o.out, Replace: o.force, Format: o.from, Options: exchange.Options{BoardLR: o.boardLR}}
	if o.variant != "" {
		v, err := variantFlag(o.variant)
		if err != nil {
			return rt, err
		}
		rt.Options.Variant = v
	}
	switch {
	case exchange.NeedsVariant(o.from) && rt.Options.Variant == nil:
		return rt, usagef("--from %s needs --variant: the format does not name the game", o.from)
	case !slices.Contains(exchange.Imports(), o.from):
		return rt, usagef("--from %q: known formats are %s", o.from, strings.Join(exchange.Imports(), ", "))
	case o.boardLR && !exchange.TakesBoardLR(o.from):
		return rt, usagef("--board-lr is for the formats that write L and R (lr), not --from %s", o.from)
	case rt.Options.Variant != nil && !exchange.NeedsVariant(o.from):
		// It would be passed over, and the games read as the format's own game.
		return rt, usagef("--from %s names its game: --variant is for the formats that do not", o.from)
	}
	rt.ToDir = o.out != "" && (strings.HasSuffix(o.out, "/") || isDir(o.out))
	if out, err := os.Stat(o.out); err == nil && !rt.ToDir {
		for _, in := range args {
			if st, err := os.Stat(in); err == nil && os.SameFile(st, out) {
				return rt, usagef("--out %s is the input %s: the games would be written over what they are read from", o.out, in)
			}
		}
	}
	return rt, nil
}

// importToStdout writes the games of the inputs to standard output as they are read, so that
// an input of any size holds one.
func importToStdout(e *env, rt exchange.Route, args []string) error {
	enc := exchange.BGNEncoder(e.out)
	problems, failed := 0, false
	for _, in := range args {
		data, err := readInput(e, in)
		if err != nil {
			fmt.Fprintf(e.err, "%v\n", err)
			failed = true
			continue
		}
		var outErr error
		errs, err := exchange.ImportEach(rt.Format, in, data, rt.Options, func(r *notation.Record) error {
			outErr = enc.Encode(r)
			return outErr
		})
		if outErr != nil {
			return outErr
		}
		problems += reportImport(e, errs, err)
		failed = failed || err != nil
	}
	if problems > 0 || failed {
		return errFound
	}
	return nil
}

// reportImport prints an input's problems and the error that stopped it, and returns how
// many problems there were.
func reportImport(e *env, errs notation.ErrorList, err error) int {
	for _, pe := range errs {
		fmt.Fprintln(e.err, pe.Error())
	}
	if err != nil {
		fmt.Fprintf(e.err, "%v\n", err)
	}
	return len(errs)
}

// importToSink stores the games of the inputs in the --out file or folder (exchange.Sink):
// each file's games are told after the input's problems, files in the order first met.
func importToSink(e *env, rt exchange.Route, args []string) error {
	problems, failed := 0, false
	if rt.ToDir {
		if err := os.MkdirAll(rt.Out, 0o755); err != nil {
			return err
		}
	}
	sink, err := exchange.NewSink(rt.Out)
	if err != nil {
		if sink == nil {
			return err
		}
		fmt.Fprintf(e.err, "%v\n", err) // an unreadable file: the others still take games
		failed = true
	}
	defer sink.Abort() // a run that stops short leaves the files as they were
	for _, in := range args {
		data, err := readInput(e, in)
		if err != nil {
			fmt.Fprintf(e.err, "%v\n", err)
			failed = true
			continue
		}
		rt.Name = in
		errs, tallies, err := sink.ImportInput(rt, data)
		problems += reportImport(e, errs, err)
		failed = failed || err != nil
		for _, t := range tallies {
			failed = reportTally(e, in, t) || failed
		}
	}
	if err := sink.Commit(); err != nil {
		fmt.Fprintf(e.err, "%v\n", err)
		failed = true
	}
	if problems > 0 || failed {
		return errFound
	}
	return nil
}

// reportTally tells what an input's games did in one file; it says whether the file refused
// them.
func reportTally(e *env, in string, t *exchange.Tally) bool {
	if t.Err != nil {
		fmt.Fprintf(e.err, "%v\n", t.Err) // the other files still take their games
		return true
	}
	for _, d := range t.Dups {
		fmt.Fprintf(e.err, "%s: game %d is already stored (%s: game %d): not added\n", in, d.Game, d.Where.File, d.Where.Game)
	}
	fmt.Fprintf(e.out, "%s: %d games read, %d added to %s\n", in, t.Read, t.Added, t.Path)
	return false
}

// newImportCmd is bao import; runF, if not nil, runs it instead of importing.
func newImportCmd(e *env, runF func(*importOptions) error) *cobra.Command {
	var o importOptions
	c := &cobra.Command{
		Use:   "import --from FORMAT [--variant ID] [--out FILE|DIR] INPUT...",
		Short: "Read games of other programs and notations as BGN, checking every move",
		Long: `Read game records written by other programs or in other notations, check every game
through the rules engine and write them as canonical BGN: to standard output, to one --out
FILE, or with --out DIR (an existing folder, or a name ending in /) one file per INPUT, or per
event for games whose source names their event.
An INPUT of - is standard input.

Formats (docs/import.md says what each keeps and loses):
  abstractplay  Abstract Play game records (JSON: one record or a download's array)
  kiba          KIBA move lists and BoardGameArena logs: ' 1: A6< a3>; 2: ...' (needs --variant)
  lr            move lists with directions as letters, 'B6R A7L' (needs --variant; --board-lr)
  nkkmd         the JSON game record of the nkkmd Bao la Kiswahili web app

A game with an illegal move is still written, its problem reported as 'bao validate' reports
it (file:line:col of the INPUT) and kept in an ImportProblem tag; the exit code is then 1.
Games already stored in the --out file or folder (the same moves from the same start,
whatever the tags) are reported and not added again, and nothing a file held is lost: new
games are added after the old ones, unless --force writes the file anew.`,
		Example: `  bao import --from abstractplay --out games/ap/ bao-games.json
  bao import --from kiba --variant kiswahili --out final.bgn final.txt
  bao import --from lr --variant kiswahili --board-lr - < devoogt-1995.txt`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			if o.out == "" {
				return importToStdout(e, o.rt, o.inputs)
			}
			return importToSink(e, o.rt, o.inputs)
		},
	}
	f := c.Flags()
	f.StringVar(&o.from, "from", "", "format: "+strings.Join(exchange.Imports(), ", "))
	variantVar(c, &o.variant, "the game, for formats that do not name it")
	f.StringVar(&o.out, "out", "", "BGN file, or folder for one file per input (default: standard output)")
	f.BoolVar(&o.boardLR, "board-lr", false, "lr: L and R are the board's left and right from South's seat, not the mover's")
	f.BoolVar(&o.force, "force", false, "write the --out file anew instead of adding to it")
	c.MarkFlagRequired("from")
	return c
}

// exportOptions are bao export's flags and files.
type exportOptions struct {
	to, out string
	args    []string // files and folders, - for standard input
}

// newExportCmd is bao export; runF, if not nil, runs it instead of exporting.
func newExportCmd(e *env, runF func(*exportOptions) error) *cobra.Command {
	var o exportOptions
	c := &cobra.Command{
		Use:   "export --to FORMAT [--out FILE] FILE...",
		Short: "Write BGN games in another format",
		Long: `Write the games of BGN files (a folder stands for the .bgn files under it, - for standard
input) in another format:
  abstractplay  Abstract Play game records, one JSON array (Bao la Kiswahili games only)
  bgn           BGN in the canonical export form, a blank line between games (as bao merge)
  json          one JSON object per game and line: tags, and every move with its canonical
                token, ply, comments, NAGs and the position after it (BPN)
Games are written as they are read, in flat memory. A record with syntax errors, one whose
main line cannot be played to its end, or one the format cannot hold, is reported and left
out, and the command then exits 1. An illegible move is written as bao validate fills it.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(exchange.Exports(), o.to) {
				return usagef("--to %q: known formats are %s", o.to, strings.Join(exchange.Exports(), ", "))
			}
			o.args = args
			if runF != nil {
				return runF(&o)
			}
			return exportRun(e, &o)
		},
	}
	c.Flags().StringVar(&o.to, "to", "", "format: "+strings.Join(exchange.Exports(), ", "))
	c.Flags().StringVar(&o.out, "out", "", "file to write (default: standard output)")
	c.MarkFlagRequired("to")
	return c
}

// exportRun writes the games of the files in the format of --to.
func exportRun(e *env, o *exportOptions) error {
	// Records are written as they are read: an export of any size holds one record.
	w, err := createOutput(e, o.out)
	if err != nil {
		return err
	}
	defer w.Abort()
	enc, err := exchange.NewEncoder(o.to, w)
	if err != nil {
		return err
	}
	failed, err := eachRecord(e, o.args, func(r *notation.Record, errs notation.ErrorList, bad func(error)) error {
		if len(errs) > 0 {
			bad(fmt.Errorf("%s:%d: left out: %w", r.File, r.Pos.Line, errs[0]))
			return nil
		}
		if err := enc.Encode(r); err != nil {
			bad(err)
		}
		return nil
	})
	if err == nil {
		err = enc.Close()
	}
	if err == nil {
		err = w.Commit()
	}
	if err == nil && failed {
		return errFound
	}
	return err
}

// readInput reads a whole input, - for standard input, up to maxImport bytes.
func readInput(e *env, name string) ([]byte, error) {
	var r io.Reader
	if name == "-" {
		r = e.in
	} else {
		st, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			return nil, fmt.Errorf("%s: a folder: give the files of the other program", name)
		}
		// Pipes (<(curl …)) and devices are read too: the limit below bounds an endless one.
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxImport+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxImport {
		return nil, fmt.Errorf("%s: %w: more than %d MiB", name, notation.ErrTooLarge, maxImport>>20)
	}
	return data, nil
}
