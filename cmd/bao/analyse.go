package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// analyseMoveDoc is one move in `bao analyse --json`; scores are in seeds for the mover.
type analyseMoveDoc struct {
	Ply    int      `json:"ply"`
	Move   string   `json:"move"`
	Before float64  `json:"eval_before"`
	After  float64  `json:"eval_after"`
	Eval   string   `json:"eval"` // the position after the move, for South, as [%eval] writes it
	Loss   float64  `json:"loss"`
	NAG    string   `json:"nag,omitempty"`
	Best   string   `json:"best,omitempty"`
	PV     []string `json:"pv"`
	WinIn  *int     `json:"win_in"` // before the move, for the mover
}

type analyseGameDoc struct {
	File  string           `json:"file"`
	Game  int              `json:"game"`
	Moves []analyseMoveDoc `json:"moves"`
	Error string           `json:"error,omitempty"`
}

func newAnalyseCmd(e *env) *cobra.Command {
	var o struct {
		json, annotate bool
		search         searchFlags
	}
	c := &cobra.Command{
		Use:   "analyse FILE [--movetime MS|--depth N] [--json] [--annotate]",
		Short: "Analyse every move of the games of a BGN file with the engine",
		Long: fmt.Sprintf(`Search every position of each game's main line and judge each move: the evaluation
before and after it (seeds for the mover), the engine's best move and line, and how much the
move lost. Moves are marked ?! when they lose at least %.1f seeds, ? at least %.1f, ?? at least
%.1f or a won game; ! marks the only move that keeps a proven win.

With --annotate the marks go into the file: after each move a comment [%%eval E] (E in seeds
for South, #N for a forced win in N of South's moves, #-N for a loss), [%%best TOKEN] and the
engine's line as a variation after a marked move, and the Annotator tag. The players' moves,
comments and marks are never changed (a mark the record already has stays), and the file is
replaced only as a whole, so a crash leaves the old file or the new. A file with syntax errors
is not rewritten. Without a limit each position gets 200 ms.`, float64(analysis.InaccuracyLoss)/100,
			float64(analysis.MistakeLoss)/100, float64(analysis.BlunderLoss)/100),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lim, err := o.search.limits(200)
			if err != nil {
				return err
			}
			path := args[0]
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sc := notation.NewScanner(bytes.NewReader(src), path)
			var recs []*notation.Record
			var syntax notation.ErrorList
			for sc.Scan() {
				recs = append(recs, sc.Record())
				syntax = append(syntax, sc.Errors()...)
			}
			if err := sc.Err(); err != nil {
				return err
			}
			for _, err := range syntax {
				fmt.Fprintln(e.err, err)
			}
			s := analysis.NewSearcher(o.search.hash)
			failed := len(syntax) > 0
			annotated := 0
			var docs []analyseGameDoc
			for _, rec := range recs {
				s.Clear() // each game alone: the same file gives the same marks
				bar := newProgress(e.err, -1, "positions")
				bar.Describe(fmt.Sprintf("%s game %d", path, rec.Number))
				rep, err := analysis.AnalyseRecord(cmd.Context(), s, rec, lim, func(done, total int) { bar.Set(int64(done), int64(total)) })
				bar.Finish()
				doc := analyseGameDoc{File: path, Game: rec.Number}
				if err != nil {
					fmt.Fprintln(e.err, err)
					failed, doc.Error = true, err.Error()
					docs = append(docs, doc)
					continue
				}
				for _, m := range rep.Moves {
					doc.Moves = append(doc.Moves, newAnalyseMoveDoc(rep.Variant, m))
				}
				docs = append(docs, doc)
				if o.annotate {
					analysis.Annotate(rec, rep, "bao analyse, "+lim.Describe())
					annotated++
				}
				if !o.json {
					printAnalysis(e.out, doc)
				}
			}
			if o.json {
				if err := writeJSON(e.out, map[string]any{"games": docs}); err != nil {
					return err
				}
			}
			if o.annotate {
				switch {
				case len(syntax) > 0:
					fmt.Fprintf(e.err, "%s: not annotated: it has syntax errors\n", path)
				case annotated == 0:
					fmt.Fprintf(e.err, "%s: not annotated: no game could be analysed\n", path)
				default:
					var b bytes.Buffer
					if err := notation.Write(&b, recs...); err != nil {
						return err
					}
					if err := notation.WriteFile(path, b.Bytes()); err != nil {
						return err
					}
				}
			}
			if failed {
				return errFound
			}
			return nil
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON document")
	c.Flags().BoolVar(&o.annotate, "annotate", false, "write the analysis into the file")
	o.search.register(c.Flags(), 200)
	return c
}

func newAnalyseMoveDoc(v *engine.Variant, m analysis.MoveReport) analyseMoveDoc {
	d := analyseMoveDoc{Ply: m.Ply, Move: v.FormatMove(m.Move), Before: m.Before.Seeds(), After: m.After.Seeds(),
		Eval: analysis.EvalText(m.Next, m.Mover.Other()), Loss: float64(m.Loss) / 100, NAG: analysis.NAGText(m.NAG),
		PV: analysis.Tokens(v, m.Best.Moves)}
	if len(m.Best.Moves) > 0 {
		d.Best = v.FormatMove(m.Best.Moves[0])
	}
	if n, ok := m.Before.WinIn(); ok {
		d.WinIn = &n
	}
	return d
}

// printAnalysis writes a game's analysis for a person, one move a line.
func printAnalysis(w io.Writer, d analyseGameDoc) {
	fmt.Fprintf(w, "%s game %d\n", d.File, d.Game)
	for _, m := range d.Moves {
		best := ""
		if m.Best != "" && m.Best != m.Move {
			best = "best " + strings.Join(m.PV, " ")
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("%4d %-8s %-3s %8s  lost %5.2f  %s", m.Ply, m.Move, m.NAG, m.Eval, m.Loss, best), " "))
	}
}
