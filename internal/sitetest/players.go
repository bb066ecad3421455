package sitetest

import (
	"fmt"
	"strings"
)

// The player-search fixture: one player's name written as sources write it, a player whose
// other spellings players.toml joins, and names that share a word. bao search --player, bao
// serve's search (?player= and q=player:"…") and the static search must all find the same
// games for each of PlayerQueries.

// PlayersTOML joins the spellings of Ali Juma.
const PlayersTOML = `[[player]]
name = "Ali Juma"
aliases = ["A. Juma", "Ally Juma"]
`

// playerGames are the players of the games of PlayerRecords, South and North.
var playerGames = [][2]string{
	{"Mzee Haji", "Juma, Ali"},
	{"Haji, Mzee", "Bakari Said"},
	{"Khalid Haji Omar", "A. Juma"},
	{"Hajira Bakari", "Ally Juma"},
	{"MZEE  HAJI", "Said Bakari"},
}

// PlayerRecords is a record file of Bao Kingulu games between the players of playerGames.
func PlayerRecords() string {
	var b strings.Builder
	for i, g := range playerGames {
		fmt.Fprintf(&b, "[Event \"Names\"]\n[Round \"%d\"]\n[South %q]\n[North %q]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 a4 2. A1 *\n\n",
			i+1, g[0], g[1])
	}
	return b.String()
}

// PlayerQueries are what a reader types for a player, with the games of PlayerRecords
// (numbered from 1) that every search finds for it.
var PlayerQueries = []struct {
	Query string
	Games []int
}{
	{"Haji", []int{1, 2, 3, 5}},
	{"haji, mzee", []int{1, 2, 5}},
	{"Mzee Haji", []int{1, 2, 5}},
	{"Haj", nil}, // a part of a word names nobody
	{"Ali Juma", []int{1, 3, 4}},
	{"Ally", []int{1, 3, 4}}, // a word of an alias: every spelling of the player
	{"Juma", []int{1, 3, 4}},
	{"Bakari", []int{2, 4, 5}},
	{"Said, Bakari", []int{2}}, // Bakari Said; Said Bakari is another name
}
