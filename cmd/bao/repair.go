package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/english"
	"github.com/bao-archive/bao/notation"
)

// repairDoc is the output of bao repair --json (spec 6.1).
type repairDoc struct {
	Games []repairGame `json:"games"`
}

type repairGame struct {
	File    string       `json:"file"`
	Game    int          `json:"game"`
	Line    int          `json:"line"`
	Repairs []repairJSON `json:"repairs"`
	Applied bool         `json:"applied,omitempty"`
	Error   string       `json:"error,omitempty"`
}

type repairJSON struct {
	Edits []editJSON `json:"edits"`
	Cost  int        `json:"cost"`
}

type editJSON struct {
	Ply  int             `json:"ply"`
	Op   notation.EditOp `json:"op"`
	Was  *string         `json:"was"`
	Now  *string         `json:"now"`
	Fill bool            `json:"fill,omitempty"`
	Line int             `json:"line,omitempty"`
	Col  int             `json:"col,omitempty"`
	Then int             `json:"then"`
}

// repairOptions are bao repair's flags and files.
type repairOptions struct {
	json, apply bool
	opts        notation.RepairOptions
	paths       []string
}

// check reads the files; a wrong bound, or --apply on standard input, is a usage error.
func (o *repairOptions) check(args []string) (err error) {
	if o.opts.MaxEdits < 1 || o.opts.Top < 1 {
		return usagef("--max-edits and --top must be at least 1")
	}
	if o.opts.Budget <= 0 {
		return usagef("--budget must be a positive duration (20s, 2m)")
	}
	if o.paths, err = recordFiles(args); err != nil {
		return err
	}
	if o.apply && slices.Contains(o.paths, stdinName) {
		return usagef("--apply rewrites files: it cannot take standard input (-)")
	}
	return nil
}

// newRepairCmd is bao repair; runF, if not nil, runs it instead of repairing.
func newRepairCmd(e *env, runF func(*repairOptions) error) *cobra.Command {
	var o repairOptions
	c := &cobra.Command{
		Use:   "repair [--json] [--max-edits N] [--top K] [--apply] FILE|FOLDER|-...",
		Short: "Find the most plausible repairs of games that do not replay, and fill illegible moves",
		Long: `For every game whose main line does not replay, list the smallest sets of edits
(replace a move, insert a move left out, delete a move written twice or by mistake) that
make the whole main line legal and agree with its [%pos] checkpoints and with a result the
board decides, most plausible first; illegible moves (?, A?<, ?6>, a3?) are filled with
every completion that keeps the game legal. docs/repair.md explains the ranking.
With --apply the best repair is written into the file, each changed move keeping what the
scribe wrote in a [%was …] comment command, unless the next repair ranks as high: bao
never chooses between equals. With --json the result is one JSON document:
{"games":[{"file","game","line","repairs":[{"edits":[{"ply","op","was","now"}]}]}]}.
Games far apart are mended stretch by stretch, as bao validate resynchronises: --max-edits
bounds the corrections of one stretch. A file whose games all replay says "nothing to repair".
A folder stands for the .bgn files under it; - reads standard input (not with --apply).
Exit code 1 when a game does not validate and is not repaired in place.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return repairRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the repairs as JSON")
	c.Flags().BoolVar(&o.apply, "apply", false, "write the best repair of each game into its file")
	c.Flags().IntVar(&o.opts.MaxEdits, "max-edits", 2, "corrections per repair (fills of illegible moves do not count)")
	c.Flags().IntVar(&o.opts.Top, "top", 5, "repairs listed per game")
	c.Flags().DurationVar(&o.opts.Budget, "budget", 20*time.Second, "time the search of one game may take")
	completeRecords(c)
	return c
}

// repairRun lists (or applies) the repairs of the files' games.
func repairRun(e *env, o *repairOptions) error {
	doc, found, printed := repairFiles(e, o.paths, o.opts, o.apply, o.json)
	if o.json {
		if err := writeJSON(e.out, doc); err != nil {
			return err
		}
	} else if !printed && !found {
		fmt.Fprintln(e.out, "nothing to repair: every game replays as written")
	}
	if found {
		return errFound
	}
	return nil
}

// repairFiles searches the repairs of every file, printing them unless asJSON; found says
// whether a game does not validate and was not repaired in place, or a file had a problem, and
// printed whether a repair was printed.
func repairFiles(e *env, paths []string, opts notation.RepairOptions, apply, asJSON bool) (doc repairDoc, found, printed bool) {
	doc.Games = []repairGame{}
	for _, path := range paths {
		games, err := repairFile(e, path, opts, apply)
		if err != nil {
			fmt.Fprintln(e.err, err)
			found = true
		}
		for _, g := range games {
			found = found || !g.Applied && !g.validates()
			if !asJSON && !g.syntax {
				printRepairs(e.out, g)
				printed = true
			}
			doc.Games = append(doc.Games, g.repairGame)
		}
	}
	return doc, found, printed
}

// repairedGame is a game that needed repair: its JSON entry, and what the human output shows.
type repairedGame struct {
	repairGame
	rec  *notation.Record
	reps []notation.Repair
	// syntax: the game has syntax errors, which are reported with the file's problems.
	syntax bool
}

// repairFile searches repairs for every game of a file that needs one and, with apply,
// rewrites the file with the best repairs made. The error is one that stopped reading the
// file, or a game's syntax errors.
func repairFile(e *env, path string, opts notation.RepairOptions, apply bool) ([]repairedGame, error) {
	f, name, err := openRecords(e, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := notation.NewScanner(f, name)
	chosen := map[int]notation.Repair{} // by game number, the repairs --apply writes
	var out []repairedGame
	var problems notation.ErrorList
	games := 0
	for sc.Scan() {
		rec := sc.Record()
		games++
		if errs := sc.Errors(); errs != nil {
			// Not searched; listed so that the JSON names every game that does not replay.
			problems = append(problems, errs...)
			out = append(out, repairedGame{repairGame{File: name, Game: rec.Number, Line: rec.Pos.Line, Repairs: []repairJSON{}, Error: errs[0].Error()}, rec, nil, true})
			continue
		}
		reps, err := notation.Repairs(rec, opts)
		if err == nil && len(reps) == 0 {
			continue // it replays as written
		}
		g := repairedGame{repairGame{File: name, Game: rec.Number, Line: rec.Pos.Line, Repairs: []repairJSON{}}, rec, reps, false}
		switch {
		case errors.Is(err, notation.ErrNoRepair):
			g.Error = err.Error() + " (bao validate lists each problem; a larger --max-edits searches further)"
		case err != nil:
			g.Error = err.Error()
		}
		for _, r := range reps {
			g.Repairs = append(g.Repairs, repairOf(r))
		}
		if best, ok := notation.Chosen(reps); apply && err == nil && ok {
			chosen[rec.Number] = best
			g.Applied = true
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	if games == 0 {
		return nil, &notation.Error{File: name, Err: notation.ErrNoGames}
	}
	if err := problems.Err(); err != nil {
		for i := range out {
			out[i].Applied = false
		}
		return out, fmt.Errorf("%w (the file is not rewritten)", err)
	}
	if len(chosen) == 0 {
		return out, nil
	}
	_, err = notation.Rewrite(path, notation.RewriteOptions{}, func(r *notation.Record) ([]*notation.Record, error) {
		if rep, ok := chosen[r.Number]; ok {
			r = r.Repaired(rep, true)
		}
		return []*notation.Record{r}, nil
	})
	if err != nil {
		for i := range out {
			out[i].Applied = false
		}
		if errors.Is(err, notation.ErrEscapeLines) {
			err = fmt.Errorf("%w (bao fmt -w --drop-escapes first)", err)
		}
	}
	return out, err
}

// validates reports whether the game's only repair fills its illegible moves one way: such a
// game validates as it is.
func (g repairedGame) validates() bool {
	return g.Error == "" && len(g.reps) == 1 && g.reps[0].Corrections() == 0
}

func repairOf(r notation.Repair) repairJSON {
	j := repairJSON{Cost: r.Cost, Edits: []editJSON{}}
	for _, e := range r.Edits {
		ej := editJSON{Ply: e.Ply, Op: e.Op, Fill: e.Fill, Line: e.Pos.Line, Col: e.Pos.Col, Then: e.Then}
		if e.Op != notation.Insert {
			ej.Was = &e.Was
		}
		if e.Op != notation.Delete {
			ej.Now = &e.Now
		}
		j.Edits = append(j.Edits, ej)
	}
	return j
}

// printRepairs writes a game's repairs for people: each edit with its ply, move number and
// place, and the written movetext around it with the change marked.
func printRepairs(w io.Writer, g repairedGame) {
	head := fmt.Sprintf("%s:%d: game %d", g.File, g.Line, g.Game)
	switch {
	case g.Error != "" && len(g.reps) == 0:
		fmt.Fprintf(w, "%s: %s\n", head, g.Error)
		return
	case g.Applied:
		head += ": repaired in place with the first"
	}
	fmt.Fprintf(w, "%s: %s, most plausible first\n", head, english.Count(len(g.reps), "repair"))
	if g.Error != "" {
		fmt.Fprintf(w, "  (%s)\n", g.Error)
	}
	start, _ := g.rec.Start()
	northFirst := start.ToMove() == engine.North
	for k, r := range g.reps {
		fmt.Fprintf(w, "  %d. cost %d, %s\n", k+1, r.Cost, english.Count(r.Corrections(), "correction"))
		for _, e := range r.Edits {
			num, south := notation.MoveNumber(e.Ply-1, northFirst)
			dots := "."
			if !south {
				dots = "..."
			}
			what := map[notation.EditOp]string{
				notation.Replace: e.Was + " -> " + e.Now,
				notation.Insert:  "insert " + e.Now,
				notation.Delete:  "delete " + e.Was,
			}[e.Op]
			if e.Fill {
				what = "fill " + what
			}
			at := ""
			if e.Pos.IsValid() {
				at = fmt.Sprintf(" at %s:%d:%d", g.File, e.Pos.Line, e.Pos.Col)
			}
			fmt.Fprintf(w, "     ply %d (move %d%s): %s%s; then %s replay\n", e.Ply, num, dots, what, at, english.Count(e.Then, "written move"))
			fmt.Fprintf(w, "       %s\n", movetextDiff(g.rec, e))
		}
	}
}

// movetextDiff shows the written moves around an edit, with the change in brackets:
// "… a4> B8< [B5< -> A5<] a3< …".
func movetextDiff(r *notation.Record, e notation.Edit) string {
	var parts []string
	at := r.WrittenIndex(e.Ply) // the written move the edit is at
	lo, hi := max(0, at-2), min(len(r.Moves), at+3)
	if lo > 0 {
		parts = append(parts, "…")
	}
	for i := lo; i <= hi; i++ {
		switch {
		case i == at && e.Op == notation.Insert:
			parts = append(parts, "[+"+e.Now+"]")
			if i < len(r.Moves) {
				parts = append(parts, r.Moves[i].Token)
			}
		case i == len(r.Moves):
		case i == at && e.Op == notation.Delete:
			parts = append(parts, "[-"+e.Was+"]")
		case i == at:
			parts = append(parts, "["+e.Was+" -> "+e.Now+"]")
		default:
			parts = append(parts, r.Moves[i].Token)
		}
	}
	if hi < len(r.Moves) {
		parts = append(parts, "…")
	}
	return strings.Join(parts, " ")
}
