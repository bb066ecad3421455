package main

import (
	"bufio"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
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

func newSelfplayCmd(e *env) *cobra.Command {
	var o struct {
		variant  string
		games    int
		seed     uint64
		maxPlies int
	}
	c := &cobra.Command{
		Use:   "selfplay --variant ID [--games N] [--seed S]",
		Short: "Play random legal games (the same seed gives the same games)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := variantFlag(o.variant)
			if err != nil {
				return err
			}
			if o.games < 0 || o.maxPlies < 1 {
				return usagef("--games must be >= 0 and --max-plies >= 1")
			}
			w := bufio.NewWriter(e.out)
			enc := json.NewEncoder(w)
			for i := range o.games {
				g := engine.RandomGame(v.Start(), engine.NewRand(o.seed, uint64(i)), o.maxPlies)
				d := selfplayDoc{Variant: v.ID, Seed: o.seed, Game: i + 1, Plies: len(g.Moves()),
					Status: g.Status().String(), Result: g.Status().Result(), Final: g.Position().String()}
				for _, m := range g.Moves() {
					d.Moves = append(d.Moves, v.FormatMove(m))
				}
				if err := enc.Encode(d); err != nil {
					return err
				}
			}
			return w.Flush()
		},
	}
	c.Flags().StringVar(&o.variant, "variant", "", "game: kiswahili, kete, kingulu or kimasai")
	c.Flags().IntVar(&o.games, "games", 1, "number of games")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "random seed")
	c.Flags().IntVar(&o.maxPlies, "max-plies", 2000, "stop a game after this many plies (result *)")
	return c
}
