package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
)

type badPositionDoc struct {
	Position string `json:"position"`
	Error    string `json:"error"`
}

// movesEncoder writes `bao moves` documents (spec section 6), one line of JSON each, moves
// sorted by token. It writes by hand, not through encoding/json: batch checks feed thousands
// of positions a second, and tokens and BPN never need escaping (and must not be:
// encoding/json would turn < and > into \u003c and \u003e). Its buffers are reused from one
// position to the next, so that a batch allocates nothing per position.
type movesEncoder struct {
	kids  []engine.Child
	toks  []byte // the tokens of kids, end to end
	ends  []int  // toks[ends[i-1]:ends[i]] is kid i's token
	order []int  // kids by token
}

func (en *movesEncoder) tok(i int) []byte {
	if i == 0 {
		return en.toks[:en.ends[0]]
	}
	return en.toks[en.ends[i-1]:en.ends[i]]
}

// append appends the document of p to b.
func (en *movesEncoder) append(b []byte, p engine.Position) []byte {
	v := p.Variant()
	en.kids = p.Children(en.kids[:0])
	en.toks, en.ends, en.order = en.toks[:0], en.ends[:0], en.order[:0]
	for i, c := range en.kids {
		en.toks = v.AppendMove(en.toks, c.Move)
		en.ends = append(en.ends, len(en.toks))
		en.order = append(en.order, i)
	}
	slices.SortStableFunc(en.order, func(i, j int) int { return bytes.Compare(en.tok(i), en.tok(j)) })
	b = append(b, `{"variant":"`...)
	b = append(b, v.ID()...)
	b = append(b, `","position":"`...)
	b = p.AppendBPN(b)
	b = append(b, `","to_move":"`...)
	b = append(b, p.ToMove().Letter()...)
	if st := p.Stage(); st != "" {
		b = append(b, `","stage":"`...)
		b = append(b, st...)
	}
	// A finished position has no moves (spec 6), so one with moves is ongoing, and only one
	// without needs judging: a second move generation saved per position.
	status := engine.Ongoing
	if len(en.kids) == 0 {
		status = p.Status()
	}
	b = append(b, `","status":"`...)
	b = append(b, status.String()...)
	b = append(b, `","moves":[`...)
	for n, i := range en.order {
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"move":"`...)
		b = append(b, en.tok(i)...)
		b = append(b, `","position":"`...)
		b = en.kids[i].Position.AppendBPN(b)
		b = append(b, `"}`...)
	}
	return append(b, "]}\n"...)
}

func newMovesCmd(e *env) *cobra.Command {
	var o struct {
		variant, position string
		json              bool
	}
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
			v, err := variantFlag(o.variant)
			if err != nil {
				return err
			}
			if o.position == "-" {
				return movesBatch(v, e.in, e.out)
			}
			p, err := positionFlag(v, o.position)
			if err != nil {
				return err
			}
			if o.json {
				var en movesEncoder
				_, err := e.out.Write(en.append(nil, p))
				return err
			}
			fmt.Fprintf(e.out, "%s\t%s to move\t%s\t%s\n", p, p.ToMove(), p.Stage(), p.Status())
			for _, c := range p.Children(nil) {
				fmt.Fprintf(e.out, "%s\t%s\n", v.FormatMove(c.Move), c.Position)
			}
			return nil
		},
	}
	variantVar(c, &o.variant, "game")
	c.Flags().StringVar(&o.position, "position", "", "position as BPN (default: the start); - reads one per line from stdin")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	return c
}

// maxLine bounds a batch input line; a longer one is reported as an error, not buffered.
const maxLine = 64 << 10

// movesBatch answers one JSON line per input line.
func movesBatch(v *engine.Variant, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	var en movesEncoder
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
			if err := writeJSON(w, badPositionDoc{string(line), perr.Error()}); err != nil {
				return err
			}
			continue
		}
		b = en.append(b[:0], p)
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
