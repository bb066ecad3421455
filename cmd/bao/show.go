package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/board"
)

// showDoc is `bao show --json`: where the board stands and what it is.
type showDoc struct {
	File     string `json:"file"`
	Game     int    `json:"game"`
	Ply      int    `json:"ply"`            // plies played; 0 is the start
	Plies    int    `json:"plies"`          // plies of the main line
	Move     string `json:"move,omitempty"` // the last move played, numbered ("12... a3<")
	Variant  string `json:"variant"`
	Position string `json:"position"`
	ToMove   string `json:"to_move"`
}

// showOptions are bao show's flags and file.
type showOptions struct {
	game, ply int
	json, svg bool
	out       string
	path      string
	whole     bool // no --ply: the whole main line
}

// check reads the file; a negative ply, a game before the first, or two answers asked for
// is a usage error.
func (o *showOptions) check(args []string, plyGiven bool) error {
	o.path, o.whole = args[0], !plyGiven
	switch {
	case o.ply < 0:
		return usagef("--ply must be 0 or more, not %d (leave it out for the last position)", o.ply)
	case o.json && o.svg:
		return usagef("--json and --svg are two answers: give one")
	case o.out != "" && !o.svg:
		return usagef("-o writes the --svg image: give --svg")
	case o.game < 1:
		return usagef("--game counts from 1, not %d", o.game)
	}
	return nil
}

// newShowCmd is bao show; runF, if not nil, runs it instead of showing the board.
func newShowCmd(e *env, runF func(*showOptions) error) *cobra.Command {
	var o showOptions
	c := &cobra.Command{
		Use:   "show FILE|- [--game N] [--ply K] [--json | --svg [-o FILE]]",
		Short: "Show the board of a recorded game after a ply",
		Long: `Replay game N (default 1) of a BGN file (- reads standard input) and print the board
after ply K of its main line (default: the last; 0 is the start position) as a text diagram
and as BPN. A ply that the game does not reach, or a game the file does not hold, is a
problem found at run time (exit code 1); a negative ply is a usage error (exit code 2).

--svg writes the board as a standalone SVG image instead, drawn as the site draws it: the
last move's marks, the caption and the line under the board, the key to its marks, and a
title that describes the position in words for screen readers. -o writes it to a file rather
than to standard output. (A PNG of any board is the "Download image" of the site's analysis
board.)`,
		Example: `  bao show testdata/archive/primer/kingulu-game.bgn --ply 3
  bao show testdata/archive/primer/kingulu-game.bgn --json
  bao show testdata/archive/primer/kingulu-game.bgn --ply 3 --svg -o kingulu-game-3.svg`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args, cmd.Flags().Changed("ply")); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return showRun(e, &o)
		},
	}
	c.Flags().IntVar(&o.game, "game", 1, "the game's number in the file, from 1")
	c.Flags().IntVar(&o.ply, "ply", 0, "plies to play before showing the board (default: the whole main line)")
	c.Flags().BoolVar(&o.json, "json", false, "print JSON: file, game, ply, plies, move, variant, position, to_move")
	c.Flags().BoolVar(&o.svg, "svg", false, "write the board as a standalone SVG image")
	c.Flags().StringVarP(&o.out, "output", "o", "", "write the --svg image to this file rather than to standard output")
	c.Flags().Lookup("ply").DefValue = "" // the default is "all", which an int cannot say
	completeRecords(c)
	return c
}

// showRun replays the game as far as asked and shows the board there.
func showRun(e *env, o *showOptions) error {
	rec, name, err := readGame(e, o.path, o.game)
	if err != nil {
		return err
	}
	rp, err := rec.Replay()
	if rp == nil {
		return err
	}
	// Plies are numbered as in the game: after a gap the record resumes with the
	// number of the move after it.
	last := 0
	if n := len(rp.Plies); n > 0 {
		last = rp.Plies[n-1].Number
	}
	k := o.ply
	i := slices.IndexFunc(rp.Plies, func(p notation.Ply) bool { return p.Number == k })
	// the position after the last ply a gap lost is its checkpoint
	checkpoint := slices.IndexFunc(rp.Plies, func(p notation.Ply) bool { return p.Number == k+1 })
	switch {
	case err != nil && (o.whole || k > last):
		return err // the game cannot be replayed as far as asked
	case o.whole:
		k, i = last, len(rp.Plies)-1
	case k > last:
		return fmt.Errorf("%s: game %d has %d plies, not %d", name, o.game, last, k)
	case k > 0 && i < 0 && checkpoint >= 0: // ply k is the last a gap lost
	case k > 0 && i < 0:
		return fmt.Errorf("%s: game %d: ply %d is lost in a gap (...) of the record", name, o.game, k)
	}
	d := showDoc{File: name, Game: o.game, Ply: k, Plies: last, Variant: rp.Variant.ID(),
		Position: rp.Start.String(), ToMove: rp.Start.ToMove().Letter()}
	title := "start"
	pos := rp.Start
	switch {
	case k > 0 && i < 0: // after a gap, before the move that follows it
		pos, d.Move = rp.Plies[checkpoint].Before, "..."
		d.Position, d.ToMove = pos.String(), pos.ToMove().Letter()
		title = fmt.Sprintf("after ply %d, the checkpoint of a gap", k)
	case k > 0:
		pos, d.Move = rp.Plies[i].After, rp.Label(i)
		d.Position, d.ToMove = pos.String(), pos.ToMove().Letter()
		title = fmt.Sprintf("after ply %d, %s", k, d.Move)
	}
	switch {
	case o.json:
		return writeJSON(e.out, d)
	case o.svg:
		return writeImage(e, o.out, rp, k)
	}
	fmt.Fprintf(e.out, "%s game %d, %s\n%sposition: %s\n", name, o.game, title, notation.Diagram(pos), pos)
	return nil
}

// writeImage writes the board after ply k of rp as an SVG image, with the ply's marks, to
// the file out ("": standard output).
func writeImage(e *env, out string, rp *notation.Replay, k int) error {
	l := lang.Must("en")
	pos, caption := rp.Start, l.T("game.start")
	var h board.Highlight
	if k > 0 {
		pl := rp.Plies[k-1]
		pos, caption = pl.After, rp.Label(k-1)
		if _, t, err := pl.Before.Trace(pl.Move); err == nil {
			h = board.Trace(rp.Variant, t)
		}
	}
	img := site.PositionImage(l, pos, h, caption)
	if out == "" {
		_, err := e.out.Write(img)
		return err
	}
	return os.WriteFile(out, img, 0o644)
}

// readGame reads record n of a file ("-": standard input), stopping there; a record with
// syntax errors is an error. It returns the name the file goes by in messages.
func readGame(e *env, path string, n int) (*notation.Record, string, error) {
	f, name, err := openRecords(e, path)
	if err != nil {
		return nil, path, err
	}
	defer f.Close()
	sc := notation.NewScanner(f, name)
	for sc.Scan() {
		if sc.Record().Number == n {
			return sc.Record(), name, sc.Errors().Err()
		}
	}
	if err := sc.Err(); err != nil {
		return nil, name, err
	}
	return nil, name, fmt.Errorf("%s has no game %d", name, n)
}
