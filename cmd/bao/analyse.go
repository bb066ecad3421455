package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
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
		Use:   "analyse FILE... [--movetime MS|--depth N] [--json] [--annotate]",
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
is not rewritten (nor standard input, -). Without a limit each position gets 200 ms.`, float64(analysis.InaccuracyLoss)/100,
			float64(analysis.MistakeLoss)/100, float64(analysis.BlunderLoss)/100),
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lim, err := o.search.limits(200)
			if err != nil {
				return err
			}
			paths, err := recordFiles(args)
			if err != nil {
				return err
			}
			if o.annotate && slices.Contains(paths, stdinName) {
				return usagef("--annotate writes into the file it reads: it cannot annotate standard input")
			}
			a := analyser{e: e, cmd: cmd, s: analysis.NewSearcher(o.search.hash), lim: lim, json: o.json, annotate: o.annotate}
			docs := []analyseGameDoc{}
			failed := false
			for _, path := range paths {
				d, ok, err := a.file(path)
				if err != nil {
					return err
				}
				docs, failed = append(docs, d...), failed || !ok
			}
			if o.json {
				if err := writeJSON(e.out, map[string]any{"games": docs}); err != nil {
					return err
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

// analyser analyses the files of one `bao analyse`.
type analyser struct {
	e              *env
	cmd            *cobra.Command
	s              *analysis.Searcher
	lim            analysis.Limits
	json, annotate bool
}

// file analyses the games of one file, printing them unless in JSON, and with --annotate
// writes the analysis into it. It reports a problem the file has (it cannot be read, has no
// games, has syntax errors, or a game that does not replay) and goes on; ok is false then.
// The error is one that stops the command (a file that cannot be written back).
func (a analyser) file(path string) (docs []analyseGameDoc, ok bool, err error) {
	r, name, err := openRecords(a.e, path)
	if err != nil {
		fmt.Fprintln(a.e.err, err)
		return nil, false, nil
	}
	src, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		fmt.Fprintln(a.e.err, &notation.Error{File: name, Err: err})
		return nil, false, nil
	}
	sc := notation.NewScanner(bytes.NewReader(src), name)
	var recs []*notation.Record
	var syntax notation.ErrorList
	for sc.Scan() {
		recs = append(recs, sc.Record())
		syntax = append(syntax, sc.Errors()...)
	}
	problems := []error{}
	for _, err := range syntax {
		problems = append(problems, err)
	}
	if err := sc.Err(); err != nil {
		problems = append(problems, err)
	} else if len(recs) == 0 && len(syntax) == 0 {
		problems = append(problems, &notation.Error{File: name, Err: notation.ErrNoGames})
	}
	for _, err := range problems {
		fmt.Fprintln(a.e.err, err)
	}
	ok = len(problems) == 0
	annotated := map[int]*analysis.GameReport{} // by game number, what --annotate writes
	for _, rec := range recs {
		a.s.Clear() // each game alone: the same file gives the same marks
		bar := newProgress(a.e.err, -1, "positions")
		bar.Describe(fmt.Sprintf("%s game %d", name, rec.Number))
		rep, err := analysis.AnalyseRecord(a.cmd.Context(), a.s, rec, a.lim, func(done, total int) { bar.Set(int64(done), int64(total)) })
		bar.Finish()
		doc := analyseGameDoc{File: name, Game: rec.Number}
		if err != nil {
			fmt.Fprintln(a.e.err, err)
			ok, doc.Error = false, err.Error()
			docs = append(docs, doc)
			continue
		}
		for _, m := range rep.Moves {
			doc.Moves = append(doc.Moves, newAnalyseMoveDoc(rep.Variant, m))
		}
		docs = append(docs, doc)
		if a.annotate {
			annotated[rec.Number] = rep
		}
		if !a.json {
			printAnalysis(a.e.out, doc)
		}
	}
	if !a.annotate {
		return docs, ok, nil
	}
	switch {
	case len(problems) > 0:
		fmt.Fprintf(a.e.err, "%s: not annotated: it has syntax errors\n", name)
	case len(annotated) == 0:
		fmt.Fprintf(a.e.err, "%s: not annotated: no game could be analysed\n", name)
	default:
		_, err := notation.Rewrite(path, notation.RewriteOptions{}, func(r *notation.Record) ([]*notation.Record, error) {
			if rep := annotated[r.Number]; rep != nil {
				analysis.Annotate(r, rep, "bao analyse, "+a.lim.Describe())
			}
			return []*notation.Record{r}, nil
		})
		var nr *notation.NotRewritten
		switch {
		case errors.Is(err, notation.ErrEscapeLines) && errors.As(err, &nr):
			fmt.Fprintf(a.e.err, "%s: not annotated: its %d %% escape line(s) would be lost (bao fmt -w --drop-escapes first)\n", name, nr.Escapes)
			ok = false
		case err != nil:
			return docs, false, err
		}
	}
	return docs, ok, nil
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
