package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
)

// movesDoc is the JSON document of `bao moves` (spec section 6).
type movesDoc struct {
	Variant  string     `json:"variant"`
	Position string     `json:"position"`
	ToMove   string     `json:"to_move"`
	Stage    string     `json:"stage,omitempty"`
	Status   string     `json:"status"`
	Moves    []moveJSON `json:"moves"`
}

type moveJSON struct {
	Move     string `json:"move"`
	Position string `json:"position"`
}

type badPositionDoc struct {
	Position string `json:"position"`
	Error    string `json:"error"`
}

// describeMoves lists the legal moves of p, sorted by token; buf is reused between calls.
func describeMoves(p engine.Position, buf []engine.Child) (movesDoc, []engine.Child) {
	v := p.Variant()
	buf = p.Children(buf[:0])
	d := movesDoc{Variant: v.ID, Position: p.String(), ToMove: p.ToMove().Letter(), Stage: p.Stage(),
		Status: p.Status().String(), Moves: make([]moveJSON, len(buf))}
	for i, c := range buf {
		d.Moves[i] = moveJSON{v.FormatMove(c.Move), c.Position.String()}
	}
	slices.SortStableFunc(d.Moves, func(a, b moveJSON) int {
		if a.Move < b.Move {
			return -1
		} else if a.Move > b.Move {
			return 1
		}
		return 0
	})
	return d, buf
}

func newMovesCmd(e *env) *cobra.Command {
	var o struct {
		variant, position string
		json              bool
	}
	c := &cobra.Command{
		Use:   "moves --variant ID [--position BPN|-] [--json]",
		Short: "List the legal moves of a position",
		Long: `List every legal move of a position with the position it leads to.

With --position - the positions are read from standard input, one BPN per line, and one JSON
document is written per line (JSON Lines) in the same order; a line that is not a valid
position gives {"position":…,"error":…} and exit code 1 at the end.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := variantFlag(o.variant)
			if err != nil {
				return err
			}
			if o.position == "-" {
				return movesBatch(v, e.in, e.out)
			}
			p := v.Start()
			if o.position != "" {
				if p, err = engine.ParsePosition(v, o.position); err != nil {
					return usageError{err}
				}
			}
			d, _ := describeMoves(p, nil)
			if o.json {
				return json.NewEncoder(e.out).Encode(d)
			}
			fmt.Fprintf(e.out, "%s\t%s to move\t%s\t%s\n", d.Position, p.ToMove(), d.Stage, d.Status)
			for _, m := range d.Moves {
				fmt.Fprintf(e.out, "%s\t%s\n", m.Move, m.Position)
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.variant, "variant", "", "game: kiswahili, kete, kingulu or kimasai")
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
	enc := json.NewEncoder(w)
	var buf []engine.Child
	bad := false
	for {
		line, tooLong, err := readLine(r)
		if err == io.EOF {
			break
		}
		if err != nil {
			w.Flush()
			return err
		}
		var p engine.Position
		var perr error
		if tooLong {
			perr = fmt.Errorf("line longer than %d bytes", maxLine)
		} else {
			p, perr = engine.ParsePosition(v, line)
		}
		if perr != nil {
			bad = true
			if err := enc.Encode(badPositionDoc{line, perr.Error()}); err != nil {
				return err
			}
			continue
		}
		var d movesDoc
		d, buf = describeMoves(p, buf)
		if err := enc.Encode(d); err != nil {
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

// readLine returns the next line without its line end; a line over maxLine is skipped whole
// and reported as too long.
func readLine(r *bufio.Reader) (string, bool, error) {
	var acc []byte
	tooLong := false
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			if err == io.EOF && (len(acc) > 0 || tooLong) {
				return string(acc), tooLong, nil
			}
			return "", false, err
		}
		if !tooLong {
			acc = append(acc, chunk...)
			if len(acc) > maxLine {
				acc, tooLong = acc[:0], true
			}
		}
		if !isPrefix {
			return string(acc), tooLong, nil
		}
	}
}
