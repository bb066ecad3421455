package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
)

// env is what every command reads and writes: injected so that tests run commands in-process.
type env struct {
	in       io.Reader
	out, err io.Writer
}

// usageError marks a mistake in how the command was called (exit code 2).
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errFound means the command ran and found problems it has already reported (exit code 1).
var errFound = errors.New("problems found")

const exitHelp = `Exit codes:
  0  success
  1  the command ran and found a problem (an illegal move, an invalid record, an empty
     file), or could not do its job (a missing file or folder, a port in use)
  2  usage error, and only that (unknown command or flag, missing argument, unknown
     variant); only usage errors point to the command's --help

Quote move tokens: they hold < > *, which the shell reads as redirections and file
patterns ('A6<*'). Files: - is standard input, a folder stands for its .bgn files.
Documentation: docs/ in the repository, and 'man bao' after 'make install'.`

func newRootCmd(e *env) *cobra.Command {
	return newRoot(e,
		newVariantsCmd(e, nil),
		newMovesCmd(e, nil),
		newPlayCmd(e, nil),
		newSelfplayCmd(e, nil),
		newSiteCmd(newSiteBuildCmd(e, nil)),
		newServeCmd(e, nil),
		newIndexCmd(e, nil),
		newSearchCmd(e, nil),
		newExploreCmd(e, nil),
		newValidateCmd(e, nil), newRepairCmd(e, nil), newFmtCmd(e, nil), newShowCmd(e, nil),
		newRecordCmd(e, nil),
		newImportCmd(e, nil), newExportCmd(e, nil),
		newEventCmd(newEventNewCmd(e, nil), newEventPairCmd(e, nil), newEventResultCmd(e, nil),
			newEventStandingsCmd(e, nil), newEventRatingsCmd(e, nil), newEventReportCmd(e, nil),
			newEventSheetsCmd(e, nil)),
		newPlayersCmd(e, nil),
		newMergeCmd(e, nil), newDedupeCmd(e, nil), newStatsCmd(e, nil),
		newVersionCmd(e),
		newBestmoveCmd(e, nil), newAnalyseCmd(e, nil), newPuzzlesCmd(e, nil), newEngineCmd(e),
	)
}

// newRoot is bao with the commands cmds. A command's flags and arguments are read into its
// options and checked (a usage error exits 2) before it runs; each constructor that has flags
// takes runF, run instead of the command's work when it is not nil, as cli/cli's do, so that
// a test checks how a command line is read without running it (flags_test.go).
func newRoot(e *env, cmds ...*cobra.Command) *cobra.Command {
	root := &cobra.Command{
		Use:   "bao",
		Short: "Bao game records: rules engines, a record format, an archive and a site",
		Long: `bao reads, verifies, searches and publishes records of the Bao family of
East-African mancala games: Bao la Kiswahili, Bao la Kete, Bao Kingulu and Bao la Kimasai.

` + exitHelp,
		SilenceErrors: true,
		SilenceUsage:  true,
		Version:       buildVersion(),
	}
	root.SetVersionTemplate("bao {{.Version}}\n")
	root.SetIn(e.in)
	root.SetOut(e.out)
	root.SetErr(e.err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{err} })
	addSubcommands(root, cmds)
	return root
}

// addSubcommands adds cmds to c, their argument-count errors usage errors.
func addSubcommands(c *cobra.Command, cmds []*cobra.Command) {
	for _, s := range cmds {
		s.Args = wrapArgs(s.Args)
	}
	c.AddCommand(cmds...)
}

// needSubcommand runs a command that only groups others: called alone or with a word that is
// none of its subcommands, it is a usage error (cobra would print the help and exit 0).
func needSubcommand(c *cobra.Command, args []string) error {
	var names []string
	for _, s := range c.Commands() {
		if s.IsAvailableCommand() {
			names = append(names, s.Name())
		}
	}
	if len(args) > 0 {
		return usagef("unknown command %q for %q (try: %s)", args[0], c.CommandPath(), strings.Join(names, ", "))
	}
	return usagef("%q needs a command: %s", c.CommandPath(), strings.Join(names, ", "))
}

// wrapArgs turns cobra's argument-count errors into usage errors.
func wrapArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	if check == nil {
		return nil
	}
	return func(c *cobra.Command, args []string) error {
		if err := check(c, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

func run(args []string, in io.Reader, out, errOut io.Writer) int {
	return execute(newRootCmd(&env{in: in, out: out, err: errOut}), args, errOut)
}

// execute runs the command line args. A panic (a bug) ends the command with one line naming
// it and exit code 1, not a stack trace.
func execute(root *cobra.Command, args []string, errOut io.Writer) (code int) {
	defer func() {
		if p := recover(); p != nil {
			name := "bao"
			if len(args) > 0 {
				name += " " + args[0]
			}
			fmt.Fprintf(errOut, "%s: internal error: %v (a bug in bao: please report it with the command line)\n", name, p)
			code = 1
		}
	}()
	root.SetArgs(args)
	if cmd, err := root.ExecuteContextC(context.Background()); err != nil {
		return report(cmd, errOut, err)
	}
	return 0
}

// report prints err once and decides the exit code; a usage error names the help of the
// command that was called.
func report(cmd *cobra.Command, w io.Writer, err error) int {
	var u usageError
	switch {
	case errors.Is(err, errFound):
		return 1
	case errors.As(err, &u) || isCobraUsage(err):
		fmt.Fprintf(w, "bao: %v (see '%s --help')\n", err, cmd.CommandPath())
		return 2
	}
	fmt.Fprintf(w, "bao: %v\n", err)
	return 1
}

// isCobraUsage recognises cobra's own unknown-command and missing-required-flag errors,
// which it does not type.
func isCobraUsage(err error) bool {
	var s string
	if err != nil {
		s = err.Error()
	}
	return strings.HasPrefix(s, "unknown command ") || strings.HasPrefix(s, "required flag(s) ")
}

// variantFlag resolves --variant, which every game command takes.
func variantFlag(name string) (*engine.Variant, error) {
	if name == "" {
		return nil, usagef("--variant is required")
	}
	v, err := engine.LookupVariant(name)
	if err != nil {
		return nil, usagef("--variant: %w", err)
	}
	return v, nil
}

// writeJSON writes v as one line of JSON. Move tokens hold < and >, which encoding/json would
// otherwise write as \u003c and \u003e: valid, but not what a person or a grep expects.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// positionFlag is the position that --position names for variant v, or v's start if it is
// empty; a malformed BPN is a usage error.
func positionFlag(v *engine.Variant, bpn string) (engine.Position, error) {
	if bpn == "" {
		return v.Start(), nil
	}
	p, err := engine.ParsePosition(v, bpn)
	if err != nil {
		return p, usagef("--position: %w", err)
	}
	return p, nil
}

// isTerminal reports whether the stream is a terminal, to choose between human and script
// input and output.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
