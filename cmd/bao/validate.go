package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/notation"
)

// validateOptions are bao validate's flags and files.
type validateOptions struct {
	json, board bool
	paths       []string
}

// newValidateCmd is bao validate; runF, if not nil, runs it instead of validating.
func newValidateCmd(e *env, runF func(*validateOptions) error) *cobra.Command {
	var o validateOptions
	c := &cobra.Command{
		Use:   "validate [--json] FILE|FOLDER|-...",
		Short: "Replay every game of BGN files and report every problem",
		Long: `Replay every game of every file through the rules engine, the main line and every
variation, and check the [%pos] checkpoints, the results and the tags. Each problem is printed
as one line, file:line:col: message, and a summary line ends the report. With --board (the
default when standard error is a terminal) the board before each wrong move follows its line,
as BPN and as a diagram, indented by a tab.
With --json the report is one JSON document on standard output:
{"files":N,"games":N,"errors":[{"file","line","col","game","ply","move","message","legal"}]}.
An illegible move (?) that the rest of the game fills one way is no problem: a note says how
it was read ("filled ` + "`?`" + ` at 15:49 as a1<", under "notes" with --json), as every other command
reads it. A fragment, whose lost moves are a gap (...) followed by a [%pos] checkpoint, is
checked one stretch at a time, and a note says which stretches verified and which plies are
lost (docs/formats.md, Fragments). A folder stands for the .bgn files under it; - reads standard input (named stdin in
messages). A file without any game is a problem too: an empty file is almost always a
failed export or a truncating redirection, not a collection of zero games.
Exit code 1 when any game has a problem.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if o.paths, err = recordFiles(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return validateRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the report as JSON")
	c.Flags().BoolVar(&o.board, "board", false, "print the board before each wrong move (default on a terminal)")
	completeRecords(c)
	return c
}

// validateRun validates the files and reports every problem.
func validateRun(e *env, o *validateOptions) error {
	var rep Report
	board := o.board || isTerminal(e.err)
	paths := o.paths
	bar := newProgress(e.err, totalSize(paths), "bytes")
	report := func(err *notation.Error) {
		rep.Add(err)
		switch {
		case o.json:
		case board:
			bar.Print(err.Error() + "\n" + err.Detail())
		default:
			bar.Print(err.Error() + "\n")
		}
	}
	for _, path := range paths {
		rep.Files++
		bar.Describe(path)
		games, err := validateFile(e, path, bar, report)
		rep.Games += games
		if err != nil {
			report(err)
		}
	}
	bar.Finish()
	switch {
	case o.json:
		if err := writeJSON(e.out, rep); err != nil {
			return err
		}
	case len(rep.Errors) == 0:
		fmt.Fprintln(e.out, rep.Summary())
	default:
		fmt.Fprintln(e.err, rep.Summary())
	}
	if len(rep.Errors) > 0 {
		return errFound
	}
	return nil
}

// validateFile validates one file, counting its bytes into bar; the error is one that stopped
// reading it, or says that the file holds no game.
func validateFile(e *env, path string, bar *progress, report func(*notation.Error)) (int, *notation.Error) {
	f, name, err := openRecords(e, path)
	if err != nil {
		return 0, &notation.Error{File: path, Err: err}
	}
	defer f.Close()
	games, err := notation.Validate(name, countingReader{f, bar}, report)
	switch {
	case err != nil:
		return games, err.(*notation.Error)
	case games == 0:
		return 0, &notation.Error{File: name, Err: notation.ErrNoGames}
	}
	return games, nil
}

// totalSize is the bytes of the files that can be read, for a progress bar.
func totalSize(paths []string) int64 {
	var n int64
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil {
			n += st.Size()
		}
	}
	return n
}
