package event

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/bao-archive/bao/engine"
)

// ConfigFile is the name of an event's description in its folder.
const ConfigFile = "event.toml"

// Error kinds; test them with errors.Is.
var (
	ErrConfig     = errors.New("bad settings") // event.toml, players.toml or an archive's bao.toml
	ErrUnfinished = errors.New("round unfinished")
	ErrNoPairing  = errors.New("no pairing")
	ErrComplete   = errors.New("event complete")
)

// Formats are the ways an event pairs its players.
var Formats = []string{"round-robin", "swiss", "knockout", "match"}

// Config is an event as its event.toml describes it.
type Config struct {
	Name    string `toml:"name" json:"name"`
	Site    string `toml:"site,omitempty" json:"site,omitempty"`
	Start   string `toml:"start,omitempty" json:"start,omitempty"` // YYYY.MM.DD
	End     string `toml:"end,omitempty" json:"end,omitempty"`
	Variant string `toml:"variant" json:"variant"`
	Format  string `toml:"format" json:"format"`
	// Cycles is 2 for a double round robin (colours reversed in the second cycle).
	Cycles int `toml:"cycles,omitzero" json:"cycles,omitempty"`
	// Rounds is the number of rounds of a Swiss event (default: enough to find a winner).
	Rounds int `toml:"rounds,omitzero" json:"rounds,omitempty"`
	// Games is how many games a pairing plays (a match: best of Games); 1 by default.
	Games int `toml:"games,omitzero" json:"games,omitempty"`
	// Scoring of a game: win, draw, loss, and a bye.
	Scoring  Scoring  `toml:"scoring" json:"scoring,omitempty"`
	TieBreak []string `toml:"tiebreaks" json:"tiebreaks,omitempty"`
	// Rating holds the settings of the event's rating report.
	Rating  RatingSettings `toml:"rating" json:"rating,omitempty"`
	Players []Player       `toml:"players" json:"players,omitempty"`
	// Byes are the byes the organiser grants before a round is paired (a Swiss event):
	// the player is not paired in that round and scores the bye's points.
	Byes []Bye `toml:"byes" json:"byes,omitempty"`
}

// RatingSettings are the Elo settings of an event's rating report: K, the weight of one
// game, and the rating of a player event.toml gives none.
type RatingSettings struct {
	K       float64 `toml:"k,omitzero" json:"k"`
	Initial float64 `toml:"initial,omitzero" json:"initial"`
}

// Bye is a bye an event's organiser declares: a player who will not play round Round, with
// Points "full" (the event's bye value), "half" (a draw's points) or "zero" (a requested bye
// that scores nothing).
type Bye struct {
	Round  int    `toml:"round" json:"round"`
	Player string `toml:"player" json:"player"`
	Points string `toml:"points" json:"points"`
}

// ByeKinds are the values of Bye.Points.
var ByeKinds = []string{"full", "half", "zero"}

// result is the Result a bye of this kind is written with: South (the player) wins a full
// bye, draws a half one, loses a zero one.
func (b Bye) result() string {
	switch b.Points {
	case "full":
		return "1-0"
	case "half":
		return "1/2-1/2"
	}
	return "0-1"
}

// Scoring is what a result is worth.
type Scoring struct {
	Win  float64 `toml:"win" json:"win"`
	Draw float64 `toml:"draw" json:"draw"`
	Loss float64 `toml:"loss" json:"loss"`
	Bye  float64 `toml:"bye" json:"bye"`
}

// Player is an entrant.
type Player struct {
	Name   string `toml:"name" json:"name"`
	ID     string `toml:"id,omitempty" json:"id,omitempty"`
	Club   string `toml:"club,omitempty" json:"club,omitempty"`
	Rating int    `toml:"rating,omitzero" json:"rating,omitempty"`
	// Withdrawn is the last round the player took part in; 0 while still playing.
	Withdrawn int `toml:"withdrawn,omitzero" json:"withdrawn,omitempty"`
	// Joined is the first round of a late entry into a Swiss event; 0 (or 1) from the start.
	Joined int `toml:"joined,omitzero" json:"joined,omitempty"`
}

// TieBreaks are the tie-breaks an event can name.
var TieBreaks = []string{"direct", "sonneborn-berger", "buchholz", "median-buchholz", "buchholz-cut1",
	"progressive", "opponents-rating", "wins", "north"}

// DefaultTieBreaks are an event's tie-breaks, in order, when its event.toml names none.
var DefaultTieBreaks = []string{"direct", "sonneborn-berger", "buchholz", "median-buchholz", "wins", "north"}

// defaults fills in what the file may leave out.
func (c *Config) defaults() {
	if c.Scoring == (Scoring{}) {
		c.Scoring = Scoring{Win: 1, Draw: 0.5, Loss: 0, Bye: 1}
	}
	if c.Games == 0 {
		c.Games = 1
	}
	if c.Cycles == 0 {
		c.Cycles = 1
	}
	if c.TieBreak == nil {
		c.TieBreak = slices.Clone(DefaultTieBreaks)
	}
	if c.Rating.K == 0 {
		c.Rating.K = K
	}
	if c.Rating.Initial == 0 {
		c.Rating.Initial = InitialRating
	}
}

// check rejects what an event cannot be.
func (c *Config) check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrConfig}, args...)...)
	}
	switch {
	case strings.TrimSpace(c.Name) == "":
		return bad("no name")
	case !slices.Contains(Formats, c.Format):
		return bad("format %q (known: %s)", c.Format, strings.Join(Formats, ", "))
	case c.Games < 1 || c.Games > maxGames || c.Cycles < 1 || c.Cycles > 2 || c.Rounds < 0:
		return bad("games %d (1 to %d), cycles %d (1 or 2), rounds %d", c.Games, maxGames, c.Cycles, c.Rounds)
	case !finite(c.Scoring.Win, c.Scoring.Draw, c.Scoring.Loss, c.Scoring.Bye):
		return bad("scoring %+v is not a number", c.Scoring)
	case !within(maxPoints, c.Scoring.Win, c.Scoring.Draw, c.Scoring.Loss, c.Scoring.Bye):
		return bad("scoring %+v: points of a game are from -%d to %d", c.Scoring, maxPoints, maxPoints)
	case len(c.Name) > maxText || len(c.Site) > maxText:
		return bad("name or site of %d bytes: at most %d", max(len(c.Name), len(c.Site)), maxText)
	case c.Format == "match" && len(c.Players) != 2:
		return bad("a match is between two players, not %d", len(c.Players))
	case len(c.Players) < 2:
		return bad("%d player(s): an event needs two or more", len(c.Players))
	case hasControl(c.Name) || hasControl(c.Site):
		return bad("name or site %q holds a control character (a newline?)", c.Name+c.Site)
	}
	if _, err := engine.LookupVariant(c.Variant); err != nil {
		return fmt.Errorf("%w: %w", ErrConfig, err)
	}
	seen := map[string]bool{}
	for _, p := range c.Players {
		if hasControl(p.Name) {
			return bad("player %q holds a control character (a newline?)", p.Name)
		}
		if len(p.Name) > maxText {
			return bad("player %.40q… of %d bytes: a name is at most %d", p.Name, len(p.Name), maxText)
		}
		if p.Withdrawn < 0 {
			return bad("player %q withdrawn after round %d: a round is 1 or more", p.Name, p.Withdrawn)
		}
		k := Key(p.Name)
		if k == "" || seen[k] {
			return bad("player %q is empty or named twice", p.Name)
		}
		seen[k] = true
	}
	for _, b := range c.Byes {
		switch {
		case c.Format != "swiss":
			return bad("byes are declared in Swiss events, not in a %s", c.Format)
		case !seen[Key(b.Player)]:
			return bad("bye of %q in round %d: not a player of the event", b.Player, b.Round)
		case b.Round < 1:
			return bad("bye of %q in round %d: a round is 1 or more", b.Player, b.Round)
		case !slices.Contains(ByeKinds, b.Points):
			return bad("bye of %q in round %d: points %q (known: %s)", b.Player, b.Round, b.Points, strings.Join(ByeKinds, ", "))
		}
	}
	for _, p := range c.Players {
		if p.Joined < 0 || (p.Joined > 1 && c.Format != "swiss") {
			return bad("player %q joined in round %d: late entries join Swiss events, from round 1 on", p.Name, p.Joined)
		}
	}
	if !finite(c.Rating.K, c.Rating.Initial) || c.Rating.K < 0 || c.Rating.Initial < 0 || !within(1e6, c.Rating.K, c.Rating.Initial) {
		return bad("rating k %g, initial %g: want numbers above 0", c.Rating.K, c.Rating.Initial)
	}
	for _, t := range c.TieBreak {
		if !slices.Contains(TieBreaks, t) {
			return bad("tie-break %q (known: %s)", t, strings.Join(TieBreaks, ", "))
		}
	}
	return nil
}

// maxGames bounds the games of one pairing: pair writes them all at once, and a file of
// a billion stubs is a typing slip, not a match.
const maxGames = 99

// maxPoints bounds the points of one game, maxText a name: standings add the one over every
// round and write the other into every round file; win = 1e308 made the sums +Inf, which
// JSON cannot hold, and a 50 MB name made round files bao could not read.
const (
	maxPoints = 100
	maxText   = 200
)

// within reports whether every x is from -limit to limit.
func within(limit float64, xs ...float64) bool {
	for _, x := range xs {
		if x < -limit || x > limit {
			return false
		}
	}
	return true
}

// finite reports whether every x is a number (TOML allows nan and inf, which no score is).
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// hasControl reports whether s holds a control character: a name with one cannot be written
// as a one-line BGN tag.
func hasControl(s string) bool {
	return strings.ContainsFunc(s, unicode.IsControl)
}

// New creates the event folder dir with its event.toml; it refuses to overwrite one.
func New(dir string, c Config) error {
	c.defaults()
	if err := c.check(); err != nil {
		return err
	}
	path := filepath.Join(dir, ConfigFile)
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s: %w: the event exists already", path, ErrConfig)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString("# A Bao event: edit freely; `bao event pair` and `bao event standings` read it.\n")
	if err := toml.NewEncoder(&b).Encode(c); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Load reads the event.toml of dir.
func Load(dir string) (*Config, error) {
	path := filepath.Join(dir, ConfigFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return DecodeConfig(path, data)
}

// DecodeConfig reads an event.toml held in data; path names it in errors.
func DecodeConfig(path string, data []byte) (*Config, error) {
	var c Config
	if err := DecodeTOML(path, data, &c); err != nil {
		return nil, err
	}
	c.defaults()
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &c, nil
}

// DecodeTOML decodes data, one of bao's settings files (path names it in errors), into v.
// Every error is an ErrConfig at path:line:col, and a key v has no place for (a misspelt one,
// most likely) is an error rather than ignored.
func DecodeTOML(path string, data []byte, v any) error {
	md, err := toml.Decode(string(data), v)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s:%d:%d: %w: %s", path, pe.Position.Line, pe.Position.Col, ErrConfig, pe.Message)
		}
		// A value of the wrong type: the decoder names the line only in its message.
		if m := decoderLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			return fmt.Errorf("%s:%d:%d: %w: %s: %s", path, line, keyCol(data, line), ErrConfig, m[2], err.Error()[len(m[0]):])
		}
		return fmt.Errorf("%s: %w: %v", path, ErrConfig, err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		k := un[0]
		line := keyLine(data, k[len(k)-1])
		return fmt.Errorf("%s:%d:%d: %w: unknown key %s", path, line, keyCol(data, line), ErrConfig, k)
	}
	return nil
}

// decoderLine reads the line and key out of the TOML decoder's message for a value of the
// wrong type, which carries no position of its own.
var decoderLine = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): `)

// keyLine is the first line of data that sets key (1 if none does: the file's start).
func keyLine(data []byte, key string) int {
	set := regexp.MustCompile(`^\s*["']?` + regexp.QuoteMeta(key) + `["']?\s*=`)
	for i, l := range strings.Split(string(data), "\n") {
		if set.MatchString(l) {
			return i + 1
		}
	}
	return 1
}

// keyCol is the column of the first character of line n of data that is not a space.
func keyCol(data []byte, n int) int {
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return 1
	}
	l := lines[n-1]
	return utf8.RuneCountInString(l[:len(l)-len(strings.TrimLeft(l, " \t"))]) + 1
}

// RoundByes are the byes declared for round r.
func (c *Config) RoundByes(r int) []Bye {
	var out []Bye
	for _, b := range c.Byes {
		if b.Round == r {
			out = append(out, b)
		}
	}
	return out
}

// ratingsBefore gives the rating before the event of the player whose Key is key: event.toml's
// (the first of that name with one), or the initial rating. The names are reduced once, not
// for every game: a Swiss of 10,000 players has 35,000 games a round.
func (c *Config) ratingsBefore() func(key string) float64 {
	m := make(map[string]float64, len(c.Players))
	for _, p := range c.Players {
		if k := Key(p.Name); p.Rating > 0 {
			if _, ok := m[k]; !ok {
				m[k] = float64(p.Rating)
			}
		}
	}
	return func(key string) float64 {
		if r, ok := m[key]; ok {
			return r
		}
		return c.Rating.Initial
	}
}
