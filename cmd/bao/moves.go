package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/machine"
)

// movesOptions are bao moves' flags, the variant and the position read by check.
type movesOptions struct {
	variant, position string
	json              bool
	v                 *engine.Variant
	p                 engine.Position // the position, unless batch
	batch             bool            // --position -: one position a line of standard input
}

// check reads the variant and the position; either wrong is a usage error.
func (o *movesOptions) check() (err error) {
	if o.v, err = variantFlag(o.variant); err != nil {
		return err
	}
	if o.batch = o.position == stdinName; o.batch {
		return nil
	}
	o.p, err = positionFlag(o.v, o.position)
	return err
}

// newMovesCmd is bao moves; runF, if not nil, runs it instead of listing the moves.
func newMovesCmd(e *env, runF func(*movesOptions) error) *cobra.Command {
	var o movesOptions
	c := &cobra.Command{
		Use:   "moves --variant ID [--position BPN|-] [--json]",
		Short: "List the legal moves of a position",
		Long: `List every legal move of a position with the position it leads to. Quote the position
(it holds spaces) and, when you pass them back to bao play, the move tokens (they hold < > *,
which the shell reads as redirections and file patterns): bao play --variant kiswahili 'A6<*'.

With --position - the positions are read from standard input, one BPN per line, and one JSON
document is written per line (JSON Lines) in the same order; blank lines are skipped, and a
line that is not a valid position gives {"position":…,"error":…} and exit code 1 at the end.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return movesRun(e, &o)
		},
	}
	variantVar(c, &o.variant, "game")
	c.Flags().StringVar(&o.position, "position", "", "position as BPN (default: the start); - reads one per line from stdin")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	return c
}

// movesRun lists the legal moves of the position, or of each position of standard input.
func movesRun(e *env, o *movesOptions) error {
	if o.batch {
		return movesBatch(o.v, e.in, e.out)
	}
	p := o.p
	if o.json {
		var en machine.MovesEncoder
		_, err := e.out.Write(en.Append(nil, p))
		return err
	}
	fmt.Fprintf(e.out, "%s\t%s to move\t%s\t%s\n", p, p.ToMove(), p.Stage(), p.Status())
	for _, c := range p.Children(nil) {
		fmt.Fprintf(e.out, "%s\t%s\n", o.v.FormatMove(c.Move), c.Position)
	}
	return nil
}

// maxLine bounds a batch input line; a longer one is reported as an error, not buffered.
const maxLine = 64 << 10

// movesBatch answers one JSON line per input line.
func movesBatch(v *engine.Variant, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	var en machine.MovesEncoder
	var b, line []byte
	bad := false
	for {
		var tooLong bool
		var err error
		line, tooLong, err = readLine(r, line[:0])
		if err == io.EOF {
			break
		}
		if err != nil {
			w.Flush()
			return err
		}
		if !tooLong && len(bytes.TrimSpace(line)) == 0 {
			continue // blank lines (a trailing newline, a separator) hold no position
		}
		var p engine.Position
		var perr error
		if tooLong {
			perr = fmt.Errorf("line longer than %d bytes", maxLine)
		} else {
			p, perr = engine.ParsePosition(v, string(line))
		}
		if perr != nil {
			bad = true
			if _, err := w.Write(append(machine.BadPosition{Position: string(line), Error: perr.Error()}.AppendJSON(nil), '\n')); err != nil {
				return err
			}
			continue
		}
		b = en.Append(b[:0], p)
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if bad {
		return errFound
	}
	return nil
}

// readLine appends the next line, without its line end, to acc; a line over maxLine is
// skipped whole and reported as too long.
func readLine(r *bufio.Reader, acc []byte) ([]byte, bool, error) {
	tooLong := false
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			if err == io.EOF && (len(acc) > 0 || tooLong) {
				return acc, tooLong, nil
			}
			return acc, false, err
		}
		if !tooLong {
			acc = append(acc, chunk...)
			if len(acc) > maxLine {
				acc, tooLong = acc[:0], true
			}
		}
		if !isPrefix {
			return acc, tooLong, nil
		}
	}
}
