package event

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Key is a player's name reduced to what identifies them: Unicode compatibility-normalised
// (NFKC: "José" typed with a combining accent is "José"), letters folded to lower case,
// punctuation dropped, spaces collapsed, and "Surname, Given" turned to "given surname". "Ali  Juma", "ali juma" and "Juma, Ali" are one player.
func Key(name string) string {
	name = norm.NFKC.String(name)
	if sur, given, ok := strings.Cut(name, ","); ok && strings.TrimSpace(given) != "" {
		name = given + " " + sur
	}
	var b strings.Builder
	space := false
	for _, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsSpace(r) || r == '-' || r == '_':
			space = true
		}
	}
	return b.String()
}

// Aliases maps the keys of other spellings to a player's one name, from an archive's
// players.toml:
//
//	[[player]]
//	name = "Ali Juma"
//	aliases = ["A. Juma", "Ally Juma"]
type Aliases map[string]string

// LoadAliases reads path; a missing file is no aliases.
func LoadAliases(path string) (Aliases, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return Aliases{}, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseAliases(path, data)
}

// ParseAliases reads a players.toml held in data; path names it in errors, which are
// ErrConfig at their line and column (a misspelt key among them).
func ParseAliases(path string, data []byte) (Aliases, error) {
	var f struct {
		Player []struct {
			Name    string   `toml:"name"`
			Aliases []string `toml:"aliases"`
		} `toml:"player"`
	}
	if err := DecodeTOML(path, data, &f); err != nil {
		return nil, err
	}
	a := Aliases{}
	for _, p := range f.Player {
		a[Key(p.Name)] = p.Name
		for _, al := range p.Aliases {
			a[Key(al)] = p.Name
		}
	}
	return a, nil
}

// Name is the player's one name: the alias table's, or the spelling given with its spaces
// collapsed and its control characters dropped (an escape sequence in a tag would reach the
// terminal of whoever lists the players).
func (a Aliases) Name(spelling string) string {
	if n, ok := a[Key(spelling)]; ok {
		return n
	}
	visible := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, spelling)
	return strings.Join(strings.Fields(visible), " ")
}

// Keys are the keys of every spelling of the player that spelling names: its own, and with
// an alias table those of the player's name and other aliases.
func (a Aliases) Keys(spelling string) []string {
	k := Key(spelling)
	keys := []string{k}
	name, ok := a[k]
	if !ok {
		return keys
	}
	for other, n := range a {
		if n == name && other != k {
			keys = append(keys, other)
		}
	}
	slices.Sort(keys[1:])
	return keys
}

// MaxRunWords bounds the words of a part of a name that a search finds a player by: a name
// is searched by its runs of up to this many words (a record's tag may hold any number of
// words, and each run is a term of the index).
const MaxRunWords = 6

// Runs are the runs of whole words of a key, of up to MaxRunWords words each: "mzee haji"
// gives "mzee", "mzee haji" and "haji". A search for a player finds them by any of these.
func Runs(key string) []string {
	words := strings.Fields(key)
	var runs []string
	for i := range words {
		for j := i + 1; j <= min(len(words), i+MaxRunWords); j++ {
			runs = append(runs, strings.Join(words[i:j], " "))
		}
	}
	return runs
}

// Names tells whether a player query names the player spelled spelling: the query's words,
// as Key reads them, are whole words of the player's name, one after another, in the
// player's own spelling or in another that the alias table joins to it. "Haji", "Mzee Haji"
// and "haji, mzee" all name Mzee Haji; "Haj" names nobody. A query of more than MaxRunWords
// words names a player only by the whole name. bao search, bao serve's search and the static
// site's search all find players so (the site's script repeats it).
func (a Aliases) Names(query, spelling string) bool {
	q := Key(query)
	if q == "" {
		return false
	}
	for _, k := range a.Keys(spelling) {
		if k == q || slices.Contains(Runs(k), q) {
			return true
		}
	}
	return false
}

// KeysNamed lists the keys of the alias table's spellings whose players the query names
// (Names), each player's keys all together: the games written under any of those spellings
// are the query's games too.
func (a Aliases) KeysNamed(query string) []string {
	var keys []string
	for k := range a {
		if a.Names(query, k) && !slices.Contains(keys, k) {
			keys = append(keys, a.Keys(k)...)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// Family is the rating pool of a variant: games on the same board share one (Bao la Kiswahili
// and Bao la Kete are both played on 4x8).
func Family(v *engine.Variant) string {
	return fmt.Sprintf("%dx%d", 2*v.Rows(), v.Width())
}

// Elo constants: every player starts at InitialRating; K is the weight of one game.
const (
	InitialRating = 1500
	K             = 20
)

// Rated is one game for the rating list: a finished game between two named players.
type Rated struct {
	Date         string // YYYY.MM.DD; games are rated in date order
	Family       string
	South, North string  // the players' one names
	Score        float64 // South's: 1, 1/2 or 0
}

// Rating is a player's rating in one family.
type Rating struct {
	Player  string  `json:"player"`
	Family  string  `json:"family"`
	Rating  float64 `json:"rating"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	History []Point `json:"history,omitempty"`
}

// Point is a rating after a game.
type Point struct {
	Date   string  `json:"date"`
	Rating float64 `json:"rating"`
}

// Ratings computes Elo ratings (K = 20, everyone from 1500) of every player in every family
// from the games, in date order (stable for games of one date). Only dated games count: a
// rating list needs the order of play. Spellings with one Key are one player.
func Ratings(games []Rated, history bool) []Rating {
	slices.SortStableFunc(games, func(a, b Rated) int { return strings.Compare(a.Date, b.Date) })
	type key struct{ player, family string }
	at := map[key]*Rating{}
	// One player whatever the spelling (Key); the list shows the first spelling rated.
	get := func(p, f string) *Rating {
		k := key{Key(p), f}
		if r := at[k]; r != nil {
			return r
		}
		r := &Rating{Player: p, Family: f, Rating: InitialRating}
		at[k] = r
		return r
	}
	for _, g := range games {
		s, n := get(g.South, g.Family), get(g.North, g.Family)
		d := K * (g.Score - Expected(s.Rating, n.Rating))
		s.Rating += d
		n.Rating -= d
		for _, x := range []struct {
			r     *Rating
			score float64
		}{{s, g.Score}, {n, 1 - g.Score}} {
			x.r.Games++
			switch x.score {
			case 1:
				x.r.Wins++
			case 0:
				x.r.Losses++
			default:
				x.r.Draws++
			}
			if history {
				x.r.History = append(x.r.History, Point{g.Date, math.Round(x.r.Rating*10) / 10})
			}
		}
	}
	out := make([]Rating, 0, len(at))
	for _, r := range at {
		r.Rating = math.Round(r.Rating*10) / 10
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b Rating) int {
		return cmp.Or(strings.Compare(a.Family, b.Family), cmp.Compare(b.Rating, a.Rating), strings.Compare(a.Player, b.Player))
	})
	return out
}

// RatedGames reads the finished, dated games of every record under dir, with the players'
// names resolved through aliases: what Ratings needs. Records without a known variant, a
// date or two players are left out.
func RatedGames(dir string, aliases Aliases) ([]Rated, []error, error) {
	var games []Rated
	var problems []error
	err := walkRecords(dir, func(path, rel string, r *notation.Record) {
		if g, ok := RatedOf(r, aliases); ok {
			games = append(games, g)
		}
	}, &problems)
	return games, problems, err
}

// RatedOf is the record as a game for the rating list, and false if it is none: no known
// variant, no full date, not two different named players, a bye, a forfeit (Game.Forfeit), a
// game voided for a replay, or no result (in the Result tag or at the end of the movetext).
// A game played but not recorded (Termination "unrecorded") is rated.
func RatedOf(r *notation.Record, aliases Aliases) (Rated, bool) {
	v, err := engine.LookupVariant(r.Tag("Variant"))
	date := r.Tag("Date")
	if err != nil || len(date) != 10 || strings.Contains(date[:4], "?") {
		return Rated{}, false
	}
	s, n, term := r.Tag("South"), r.Tag("North"), r.Tag("Termination")
	if Key(s) == "" || Key(n) == "" || Key(s) == Key(n) || s == "?" || n == "?" {
		return Rated{}, false
	}
	// A bye and a forfeit were not played, and a game voided for a replay counts for nothing.
	if strings.EqualFold(term, "bye") || strings.EqualFold(term, "replayed") || forfeit(term, len(r.Moves)) {
		return Rated{}, false
	}
	var score float64
	switch result(r) {
	case "1-0":
		score = 1
	case "0-1":
		score = 0
	case "1/2-1/2":
		score = 0.5
	default:
		return Rated{}, false
	}
	return Rated{Date: date, Family: Family(v), South: aliases.Name(s), North: aliases.Name(n), Score: score}, true
}
