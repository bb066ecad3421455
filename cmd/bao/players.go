package main

import (
	"fmt"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// playersOptions are bao players' flags and archive.
type playersOptions struct {
	json, history bool
	root          string
}

// newPlayersCmd is bao players; runF, if not nil, runs it instead of rating the players.
func newPlayersCmd(e *env, runF func(*playersOptions) error) *cobra.Command {
	var o playersOptions
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
			o.root = archiveArg(args)
			if o.history && !o.json {
				return usagef("--history is a part of --json: give --json")
			}
			if runF != nil {
				return runF(&o)
			}
			return playersRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON document")
	c.Flags().BoolVar(&o.history, "history", false, "with --json, each player's rating after every game")
	return c
}

// playersRun rates the archive's players and lists them.
func playersRun(e *env, o *playersOptions) error {
	root := o.root
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
	ratings := event.Ratings(games, o.history)
	if o.json {
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
}
