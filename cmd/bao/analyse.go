package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/archive"
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

// analyseOptions are bao analyse's flags and files, the search's limits read by check.
type analyseOptions struct {
	json, annotate bool
	search         searchFlags
	games          gameFlags
	lim            analysis.Limits
	args           []string // files and folders, - for standard input; --merge: results folders
}

// check reads the limits and the files; a wrong limit, or --annotate where it cannot write,
// is a usage error.
func (o *analyseOptions) check(args []string) (err error) {
	o.args = args
	if o.lim, err = o.search.limits(200); err != nil {
		return err
	}
	if err := o.games.check(); err != nil {
		return err
	}
	if o.annotate && (o.games.out != "" || o.games.merge) {
		return usagef("--annotate writes into the files it reads: not with --out or --merge")
	}
	if o.annotate && slices.Contains(args, stdinName) {
		return usagef("--annotate writes into the file it reads: it cannot annotate standard input")
	}
	return nil
}

// newAnalyseCmd is bao analyse; runF, if not nil, runs it instead of analysing.
func newAnalyseCmd(e *env, runF func(*analyseOptions) error) *cobra.Command {
	var o analyseOptions
	c := &cobra.Command{
		Use:   "analyse FILE... [--movetime MS|--depth N|--nodes N] [--json] [--annotate] [--shard I/N --out DIR [--resume]] [--merge]",
		Short: "Analyse every move of the games of a BGN file with the engine",
		Long: fmt.Sprintf(`Search every position of each game's main line and judge each move: the evaluation
before and after it (seeds for the mover), the engine's best move and line, and how much the
move lost. Moves are marked ?! when they lose at least %.1f seeds, ? at least %.1f, ?? at least
%.1f or a won game; ! marks the only move that keeps a proven win.

With --annotate the marks go into the file: after each move a comment [%%eval E] (E in seeds
for South, #N for a forced win in N of South's moves, #-N for a loss), [%%best TOKEN] and the
engine's line as a variation after a marked move, and the Annotator tag. A file of an indexed
archive (the nearest folder above it with .bao/index) also gets its games' novelties: after the
first move no earlier game of the archive played, a comment saying how many earlier games
reached the position before it (bao index computes them, by date, then file and order). The players' moves,
comments and marks are never changed (a mark the record already has stays), and the file is
replaced only as a whole, so a crash leaves the old file or the new. A file with syntax errors
is not rewritten (nor standard input, -). Without a limit each position gets 200 ms.

The games come in a stable order: the arguments as given, a folder's .bgn files in name
order, the games of a file in order. --shard I/N works on every N-th of them, --out keeps
each game's result in a folder (written whole or not at all), --resume continues a run that
was cut, and --merge prints from the folders of all the parts exactly what one run prints.
With --depth or --nodes (and one thread) the results are the same on every run. --budget
bounds the search time of each game. Standard error ends with the positions searched per
second.`, float64(analysis.InaccuracyLoss)/100,
			float64(analysis.MistakeLoss)/100, float64(analysis.BlunderLoss)/100),
		Example: `  bao analyse game.bgn --depth 8 --annotate
  bao analyse archive/ --nodes 200000 --shard 3/8 --out results/ --resume
  bao analyse --merge results/ --json > analysis.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return analyseRun(cmd.Context(), e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON document")
	c.Flags().BoolVar(&o.annotate, "annotate", false, "write the analysis into the file")
	o.search.register(c.Flags(), 200)
	o.games.register(c.Flags())
	return c
}

// analyseRun analyses the games and prints (or keeps, or writes into the files) the
// analysis.
func analyseRun(ctx context.Context, e *env, o *analyseOptions) error {
	lim := o.lim
	a := &analyser{e: e, ctx: ctx, s: analysis.NewSearcher(o.search.hash), lim: lim, annotate: o.annotate, games: o.games}
	docs := []json.RawMessage{}
	r := &gameRun{e: e, flags: o.games, command: "analyse",
		settings: fmt.Sprintf("%s; threads %d; budget %s", lim.Describe(), lim.Threads, o.games.budget),
		work:     a.game,
		emit: func(data []byte) error {
			if o.json {
				docs = append(docs, data)
				return nil
			}
			var d analyseGameDoc
			if err := json.Unmarshal(data, &d); err != nil {
				return err
			}
			if d.Error == "" {
				printAnalysis(e.out, d)
			}
			return nil
		},
		fileDone: a.fileDone,
	}
	failed, err := r.run(o.args)
	if err != nil {
		return err
	}
	if o.json && o.games.out == "" {
		if err := writeJSON(e.out, map[string]any{"games": docs}); err != nil {
			return err
		}
	}
	if failed || a.failed {
		return errFound
	}
	return nil
}

// analyser analyses the games of one `bao analyse`.
type analyser struct {
	e        *env
	ctx      context.Context
	s        *analysis.Searcher
	lim      analysis.Limits
	games    gameFlags
	annotate bool
	failed   bool
	// The games of the file being read and their reports, for --annotate.
	recs    []*notation.Record
	reports []*analysis.GameReport
}

// game analyses one game; its result is its analyseGameDoc in JSON. A game that does not
// replay is a problem, reported, and its document says why.
func (a *analyser) game(g *inputGame, done func(int), problem func(error)) ([]byte, error) {
	a.s.Clear() // each game alone: the same game gives the same marks in any part of a run
	rep, err := analysis.AnalyseRecord(a.ctx, a.s, g.rec, a.games.withBudget(a.lim, len(g.rec.Moves)+1),
		func(n, _ int) { done(n) })
	doc := analyseGameDoc{File: g.file, Game: g.rec.Number}
	switch {
	case err != nil && a.ctx.Err() != nil:
		return nil, err
	case err != nil:
		problem(err)
		doc.Error = err.Error()
	default:
		for _, m := range rep.Moves {
			doc.Moves = append(doc.Moves, newAnalyseMoveDoc(rep.Variant, m))
		}
	}
	if a.annotate {
		a.recs, a.reports = append(a.recs, g.rec), append(a.reports, rep)
	}
	var b bytes.Buffer
	if err := writeJSON(&b, doc); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// fileDone writes the analysis of a file's games into it, with --annotate.
func (a *analyser) fileDone(g *inputGame) error {
	if !a.annotate {
		return nil
	}
	recs, reports := a.recs, a.reports
	a.recs, a.reports = nil, nil
	annotated := map[int]*analysis.GameReport{} // by game number
	for i, rec := range recs {
		if reports[i] != nil {
			annotated[rec.Number] = reports[i]
		}
	}
	switch {
	case g.fileProblems > 0:
		fmt.Fprintf(a.e.err, "%s: not annotated: it has syntax errors\n", g.file)
		a.failed = true
	case len(annotated) == 0:
		fmt.Fprintf(a.e.err, "%s: not annotated: no game could be analysed\n", g.file)
		a.failed = true
	default:
		novelty, done := noveltiesOf(a.e, g.path)
		defer done()
		_, err := notation.Rewrite(g.path, notation.RewriteOptions{}, func(r *notation.Record) ([]*notation.Record, error) {
			if rep := annotated[r.Number]; rep != nil {
				analysis.Annotate(r, rep, "bao analyse, "+a.lim.Describe())
				nov, ok := novelty(r.Number)
				archive.MarkNovelty(r, nov, ok)
			}
			return []*notation.Record{r}, nil
		})
		var nr *notation.NotRewritten
		if errors.Is(err, notation.ErrEscapeLines) && errors.As(err, &nr) {
			fmt.Fprintf(a.e.err, "%s: not annotated: its %d %% escape line(s) would be lost (bao fmt -w --drop-escapes first)\n", g.file, nr.Escapes)
			a.failed = true
			return nil
		}
		return err
	}
	return nil
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
	for i, m := range d.Moves {
		if i > 0 && m.Ply > d.Moves[i-1].Ply+1 { // a gap of a fragment
			fmt.Fprintf(w, "     %s  plies %d-%d lost\n", notation.GapToken, d.Moves[i-1].Ply+1, m.Ply-1)
		}
		best := ""
		if m.Best != "" && m.Best != m.Move {
			best = "best " + strings.Join(m.PV, " ")
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("%4d %-8s %-3s %8s  lost %5.2f  %s", m.Ply, m.Move, m.NAG, m.Eval, m.Loss, best), " "))
	}
}

// noveltiesOf gives the novelties of the games of the record file at path (archive.Novelty),
// from the index of the archive that holds it; a file of no indexed archive has none. done
// lets the index go.
func noveltiesOf(e *env, path string) (novelty func(n int) (archive.Novelty, bool), done func()) {
	none := func(int) (archive.Novelty, bool) { return archive.Novelty{}, false }
	root, name, ok := archive.FindArchive(path)
	if !ok {
		return none, func() {}
	}
	ix, err := archive.Open(archive.DefaultIndexDir(root))
	if err != nil {
		fmt.Fprintf(e.err, "bao: warning: %s: novelties not marked: %v\n", path, err)
		return none, func() {}
	}
	return func(n int) (archive.Novelty, bool) {
		nov, ok, err := ix.Novelty(name, n)
		if err != nil {
			fmt.Fprintf(e.err, "bao: warning: %s: novelty of game %d: %v\n", path, n, err)
		}
		return nov, ok
	}, func() { ix.Close() }
}
