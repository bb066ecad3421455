package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/machine"
)

// searchFlags are the limits every searching command takes.
type searchFlags struct {
	depth, movetime, threads, hash int
	nodes                          int64
}

func (f *searchFlags) register(fs *pflag.FlagSet, defaultMS int) {
	fs.IntVar(&f.depth, "depth", 0, "search this many plies deep")
	fs.IntVar(&f.movetime, "movetime", 0, fmt.Sprintf("search this many milliseconds per position (default %d without --depth or --nodes)", defaultMS))
	fs.Int64Var(&f.nodes, "nodes", 0, "search at most this many positions")
	fs.IntVar(&f.threads, "threads", 1, "search threads (lazy SMP); results vary from run to run above 1")
	fs.IntVar(&f.hash, "hash", 64, "transposition table size in MB")
}

// limits checks the flags and fills in the default budget of defaultMS.
func (f *searchFlags) limits(defaultMS int) (analysis.Limits, error) {
	if f.depth < 0 || f.movetime < 0 || f.nodes < 0 || f.threads < 1 || f.hash < 1 || f.hash > analysis.MaxHashMB {
		return analysis.Limits{}, usagef("--depth, --movetime, --nodes must not be negative; --threads at least 1; --hash from 1 to %d", analysis.MaxHashMB)
	}
	l := analysis.Limits{Depth: f.depth, MoveTime: time.Duration(f.movetime) * time.Millisecond, Nodes: f.nodes, Threads: f.threads}
	if l.Depth == 0 && l.MoveTime == 0 && l.Nodes == 0 {
		l.MoveTime = time.Duration(defaultMS) * time.Millisecond
	}
	return l, nil
}

// describe writes a line for a person: the score (or the forced result) and the line.
func describe(d machine.Line) string {
	score := fmt.Sprintf("%+.2f", d.Score)
	if d.WinIn != nil {
		score = fmt.Sprintf("win in %d", *d.WinIn)
		if *d.WinIn < 0 {
			score = fmt.Sprintf("loss in %d", -*d.WinIn)
		}
	}
	return fmt.Sprintf("%-8s %-12s %s", d.Move, score, strings.Join(d.PV, " "))
}

// bestmoveOptions are bao bestmove's flags, the variant, the limits and the position read by
// check.
type bestmoveOptions struct {
	variant, position string
	multipv           int
	json              bool
	search            searchFlags
	v                 *engine.Variant
	lim               analysis.Limits
	p                 engine.Position // the position, unless batch
	batch             bool            // --position -: one position a line of standard input
}

// check reads the variant, the limits and the position; a wrong one is a usage error.
func (o *bestmoveOptions) check() (err error) {
	if o.v, err = variantFlag(o.variant); err != nil {
		return err
	}
	if o.lim, err = o.search.limits(1000); err != nil {
		return err
	}
	if o.multipv < 1 {
		return usagef("--multipv must be at least 1")
	}
	o.lim.MultiPV = o.multipv
	if o.batch = o.position == stdinName; o.batch {
		return nil
	}
	o.p, err = positionFlag(o.v, o.position)
	return err
}

// bestmover searches positions of one game with the flags' limits and writes each result.
type bestmover struct {
	e    *env
	ctx  context.Context
	v    *engine.Variant
	s    *analysis.Searcher
	lim  analysis.Limits
	json bool
}

// one searches one position and writes its result.
func (b *bestmover) one(p engine.Position) error {
	r := b.s.Search(b.ctx, p, nil, b.lim, nil)
	if len(r.Lines) == 0 {
		return fmt.Errorf("%s: the game is over (%s)", p, p.Status())
	}
	d := machine.NewBest(b.v, r)
	if b.json {
		_, err := b.e.out.Write(append(d.AppendJSON(nil), '\n'))
		return err
	}
	lines := d.Lines
	if lines == nil {
		lines = []machine.Line{machine.NewLine(b.v, r.Lines[0])}
	}
	for _, l := range lines {
		fmt.Fprintln(b.e.out, describe(l))
	}
	fmt.Fprintf(b.e.out, "depth %d, %d nodes, %d nodes/s\n", d.Depth, d.Nodes, d.NPS)
	return nil
}

// eachLine searches the positions of standard input, one BPN per line, one result per line;
// a bad line is reported in its place, and exit code 1 at the end.
func (b *bestmover) eachLine(e *env) error {
	r := bufio.NewReaderSize(e.in, 64<<10)
	bad := false
	var buf []byte
	for {
		var tooLong bool
		var err error
		buf, tooLong, err = readLine(r, buf[:0])
		line := string(buf)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !tooLong && strings.TrimSpace(line) == "" {
			continue
		}
		if perr := b.line(line, tooLong); perr != nil {
			bad = true
			if err := b.badLine(line, perr); err != nil {
				return err
			}
		}
	}
	if bad {
		return errFound
	}
	return nil
}

// line searches the position of one line of standard input.
func (b *bestmover) line(line string, tooLong bool) error {
	if tooLong {
		return fmt.Errorf("line longer than %d bytes", maxLine)
	}
	p, err := engine.ParsePosition(b.v, line)
	if err != nil {
		return err
	}
	return b.one(p)
}

// badLine reports a line whose position could not be searched, in its place.
func (b *bestmover) badLine(line string, perr error) error {
	if b.json {
		_, err := b.e.out.Write(append(machine.BadPosition{Position: line, Error: perr.Error()}.AppendJSON(nil), '\n'))
		return err
	}
	_, err := fmt.Fprintf(b.e.err, "bao: %s: %v\n", line, perr)
	return err
}

// newBestmoveCmd is bao bestmove; runF, if not nil, runs it instead of searching.
func newBestmoveCmd(e *env, runF func(*bestmoveOptions) error) *cobra.Command {
	var o bestmoveOptions
	c := &cobra.Command{
		Use:   "bestmove --variant ID [--position BPN|-] [--depth N] [--movetime MS] [--multipv K] [--json]",
		Short: "Search a position for its best move",
		Long: `Search a position (default: the start) with the analysis engine and print its best move,
its score in seeds for the player to move, and the line the engine expects.

A forced result is shown as "win in N" (N of the mover's own moves, 1: the move wins at once) or
"loss in N"; in JSON, win_in is N, negative for a loss, null when nothing is proven, and score
is +1000 or -1000 for a proven win or loss.

With --position - the positions are read from standard input, one BPN per line, and one
result is written per line. Without --depth, --movetime or --nodes the search takes 1000 ms.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			b := &bestmover{e: e, ctx: cmd.Context(), v: o.v, s: analysis.NewSearcher(o.search.hash), lim: o.lim, json: o.json}
			if o.batch {
				return b.eachLine(e)
			}
			return b.one(o.p)
		},
	}
	variantVar(c, &o.variant, "the game")
	c.Flags().StringVar(&o.position, "position", "", "the position as BPN, or - to read one per line from standard input")
	c.Flags().IntVar(&o.multipv, "multipv", 1, "rank this many best moves")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON (spec section 6.1)")
	o.search.register(c.Flags(), 1000)
	return c
}
