package main

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/exchange"
	"github.com/bao-archive/bao/notation"
)

type selfplayDoc struct {
	Variant string   `json:"variant"`
	Seed    uint64   `json:"seed"`
	Game    int      `json:"game"`
	Moves   []string `json:"moves"`
	Plies   int      `json:"plies"`
	Status  string   `json:"status"`
	Result  string   `json:"result"`
	Final   string   `json:"position"`
}

// selfplayOptions are bao selfplay's flags, the variant and the games to play read by check.
type selfplayOptions struct {
	variant     string
	games, game int
	seed        uint64
	maxPlies    int
	json        bool
	v           *engine.Variant
	first, last int // the games of the seed's series to play, from 0, last excluded
}

// check reads the variant and the games to play; a wrong one is a usage error.
func (o *selfplayOptions) check() (err error) {
	if o.v, err = variantFlag(o.variant); err != nil {
		return err
	}
	if o.games < 0 || o.maxPlies < 1 || o.game < 0 {
		return usagef("--games and --game must be >= 0 and --max-plies >= 1")
	}
	o.first, o.last = 0, o.games
	if o.game > 0 {
		o.first, o.last = o.game-1, o.game
	}
	return nil
}

// newSelfplayCmd is bao selfplay; runF, if not nil, runs it instead of playing.
func newSelfplayCmd(e *env, runF func(*selfplayOptions) error) *cobra.Command {
	var o selfplayOptions
	c := &cobra.Command{
		Use:   "selfplay --variant ID [--games N] [--seed S] [--json]",
		Short: "Play random legal games (the same seed gives the same games)",
		Long: `Play random legal games and write them as BGN records (or, with --json, one JSON document
per game). The records say plainly that an engine played them: both players are "bao random
player" and the Annotator tag is the exact command that prints that game again: game N of a
seed is played the same whether it comes alone (--game N) or among others. The records are
in the canonical export form, a blank line between games.`,
		Example: `  bao selfplay --variant kimasai --games 10 --seed 7 > kimasai.bgn
  bao selfplay --variant kimasai --seed 7 --game 3   # game 3 of those, alone`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return selfplayRun(e, &o)
		},
	}
	variantVar(c, &o.variant, "game")
	c.Flags().IntVar(&o.games, "games", 1, "number of games")
	c.Flags().IntVar(&o.game, "game", 0, "play only game N of the seed's series (as the Annotator tag says)")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "random seed")
	c.Flags().IntVar(&o.maxPlies, "max-plies", 2000, "stop a game after this many plies (result *)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON document per game instead of BGN")
	return c
}

// selfplayRun plays the games and writes them, as records or JSON.
func selfplayRun(e *env, o *selfplayOptions) error {
	v := o.v
	w := bufio.NewWriter(e.out)
	enc := exchange.BGNEncoder(w)
	bar := newProgress(e.err, int64(o.last-o.first), "games")
	defer bar.Finish()
	for i := o.first; i < o.last; i++ {
		bar.Add(1)
		g := engine.RandomGame(v.Start(), engine.NewRand(o.seed, uint64(i)), o.maxPlies)
		if !o.json {
			if err := enc.Encode(selfplayRecord(v, o.seed, i+1, o.maxPlies, g)); err != nil {
				return err
			}
			continue
		}
		d := selfplayDoc{Variant: v.ID(), Seed: o.seed, Game: i + 1, Plies: len(g.Moves()),
			Status: g.Status().String(), Result: g.Status().Result(), Final: g.Position().String()}
		for _, m := range g.Moves() {
			d.Moves = append(d.Moves, v.FormatMove(m))
		}
		if err := writeJSON(w, d); err != nil {
			return err
		}
	}
	return w.Flush()
}

// selfplayRecord tags an engine-played game honestly: who played it and the command that
// reproduces it.
func selfplayRecord(v *engine.Variant, seed uint64, round, maxPlies int, g *engine.Game) *notation.Record {
	return notation.FromGame([]notation.Tag{
		{Name: "Event", Value: "Engine self-play"},
		{Name: "Site", Value: "bao"},
		{Name: "Round", Value: strconv.Itoa(round)},
		{Name: "South", Value: "bao random player"},
		{Name: "North", Value: "bao random player"},
		{Name: "Annotator", Value: fmt.Sprintf("bao selfplay --variant %s --seed %d --game %d --max-plies %d", v.ID(), seed, round, maxPlies)},
	}, g)
}
