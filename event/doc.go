// Package event runs Bao tournaments and rates players: the pairings of each round, the
// standings with their tie-breaks, the crosstable, match scores, and Elo ratings over an
// archive.
//
// An event is a folder with an event.toml (Config: name, variant, format, games per pairing,
// scoring, tie-breaks, players). Its games are the BGN records in the folder whose Event tag is
// the event's name; their Round tag ("3", "3.2" for board 2, "3.2.1" for game 1 of the pairing
// on board 2), South, North and Result tags place them.
//
//	err := event.New("open", event.Config{Name: "Open", Variant: "kiswahili", Format: "swiss",
//		Players: []event.Player{{Name: "Ali Juma"}, {Name: "Bakari Said"}}})
//	path, round, err := event.Pair("open")      // round-01.bgn: game stubs, Result "*"
//	cfg, err := event.Load("open")
//	games, problems, err := event.Games("open", cfg)
//	table := event.Standings(cfg, games, 0)     // 0: after every round
//	done, err := event.SetResult("open", event.Entry{Round: 1, Board: 2, Result: "1-0"})
//
// How games count:
//   - A result of * counts for nothing yet, and the next round is not paired until every game
//     of the last round has a result.
//   - A game played whose moves were not recorded (Termination "unrecorded", or another
//     Termination saying how it ended, with no moves) counts and is rated as played.
//   - A forfeit (Termination "forfeit", or a decided result with neither moves nor a
//     Termination) scores as its result says and counts as a game against that opponent in
//     every tie-break; the crosstable shows it as + or -. It is not rated.
//   - A bye (Termination "bye", written by Pair as a game won without play) scores the
//     event's bye value (1 by default) and is no game: no opponent for Buchholz or
//     Sonneborn-Berger.
//   - A withdrawn player (Player.Withdrawn = the last round played) keeps the games played and
//     is paired no more.
//   - An adjourned game keeps Result "*" until it is finished; a game voided to be replayed is
//     marked Termination "replayed" and counts for nothing, and the replay is a game of its
//     own in the same round.
//
// Tie-breaks, in the order the event names them (default: all, in this order): direct
// encounter (points scored against the players with the same points), Sonneborn-Berger (the
// points of each opponent times the points scored against them), Buchholz (the opponents'
// points), median Buchholz (Buchholz without the best and the worst opponent, from three
// opponents up), wins, and games played as North. Players tied on points and every
// tie-break share a rank.
//
// Pairing: round robins follow the published Berger tables; Swiss events a simplified Dutch
// system (see Swiss); knockouts seed 1 against the last in bracket order, then pair the
// winners; a match, or a pairing of several games, goes on until one player has more than half
// of the games' points, and game by game past that while it is tied.
//
// Ratings are Elo (K = 20, everyone from 1500), in date order, one list per board family (the
// 4x8 games share one; Bao Kingulu and Bao la Kimasai have their own); Key makes one player of
// the spellings of a name and Aliases joins the rest (an archive's players.toml).
package event
