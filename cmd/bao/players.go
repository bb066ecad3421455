package main

import (
	"fmt"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

func newPlayersCmd(e *env) *cobra.Command {
	var asJSON, history bool
	c := &cobra.Command{
		Use:   "players [ARCHIVE] [--json]",
		Short: "The archive's players with their Elo ratings, one list per board family",
		Long: `List every player of the archive's finished, dated games with an Elo rating (everyone
starts at 1500, K = 20), computed in date order, one rating per family of games: the 4x8
games (Bao la Kiswahili and Bao la Kete), Bao Kingulu (2x6) and Bao la Kimasai (4x12).
Names are one player whatever their case, spacing or "Surname, Given" order; ARCHIVE/players.toml
can join other spellings:

  [[player]]
  name = "Ali Juma"
  aliases = ["A. Juma", "Ally Juma"]`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			root := "."
			if len(args) == 1 {
				root = args[0]
			}
			if err := checkDir(root); err != nil {
				return err
			}
			aliases, err := event.LoadAliases(filepath.Join(root, "players.toml"))
			if err != nil {
				return err
			}
			games, problems, err := event.RatedGames(root, aliases)
			if err != nil {
				return err
			}
			for _, p := range problems {
				fmt.Fprintf(e.err, "%v\n", p)
			}
			ratings := event.Ratings(games, history)
			if asJSON {
				err = writeJSON(e.out, struct {
					Games   int            `json:"games"`
					Players []event.Rating `json:"players"`
				}{len(games), ratings})
			} else {
				w := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
				fmt.Fprintln(w, "family\tplayer\trating\tgames\t+\t=\t-")
				for _, r := range ratings {
					fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\t%d\n", r.Family, notation.DisplayName(r.Player), event.FormatRating(r.Rating), r.Games, r.Wins, r.Draws, r.Losses)
				}
				err = w.Flush()
			}
			if err == nil && len(problems) > 0 {
				return errFound // the list is of the records that could be read
			}
			return err
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON document")
	c.Flags().BoolVar(&history, "history", false, "with --json, each player's rating after every game")
	return c
}
