package archive

import (
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// gameType is the bleve document type of a game (gameDoc.BleveType).
const gameType = "game"

// gameDoc is what the index holds for one game: a flat copy of the record's tags, its replayed
// main line and any problems found reading it. It is not notation.Record: the index needs
// search-friendly shapes (lowercase copies, a decade, position keys), and the record stays the
// source of truth.
type gameDoc struct {
	File string `json:"file"` // archive-relative, slash-separated
	Game int    `json:"game"` // 1-based index of the game in its file
	Line int    `json:"line"` // line of the record's first tag
	// Where the record starts in its file, for a reader that seeks to it (Locate): the byte
	// offset and column of its first token, and RecordSum of what was read there.
	Offset      int64      `json:"offset"`
	Col         int        `json:"col"`
	Sum         uint32     `json:"sum"`
	Variant     string     `json:"variant"`
	South       string     `json:"south"`
	North       string     `json:"north"`
	Players     []string   `json:"players"`
	PlayersLC   []string   `json:"players_lc"`  // event.Key of each: one player, however spelled
	PlayerRuns  []string   `json:"player_runs"` // event.Runs of each key: a player found by part of the name
	Names       []string   `json:"names"`       // player names as text, for fuzzy search
	Event       string     `json:"event"`
	EventText   string     `json:"event_text"`
	Site        string     `json:"site"`
	Date        string     `json:"date"` // as written, e.g. 1998.07.??
	Played      *time.Time `json:"played"`
	Year        *int       `json:"year"`
	Decade      string     `json:"decade"`
	Round       *float64   `json:"round"`
	Result      string     `json:"result"`
	Termination string     `json:"termination"`
	Source      string     `json:"source"`
	Annotator   string     `json:"annotator"`
	Plies       int        `json:"plies"`
	Opening     string     `json:"opening"` // the name the archive's openings.toml gives, if any
	Start       string     `json:"start"`   // BPN of a SetUp start position, else empty
	Comments    []string   `json:"comments"`
	Errors      string     `json:"errors"` // "true" when the record has problems
	Messages    []string   `json:"messages"`
	Pos         []string   `json:"pos"`
}

// BleveType tells bleve which document mapping applies.
func (gameDoc) BleveType() string { return gameType }

// docID is the stable id of game n (1-based) of a file.
func docID(file string, n int) string { return file + "#" + strconv.Itoa(n) }

// gameSource is what the index reads from one record: its tags, where it starts, the main line
// as far as it replays, its comments and its problems. readFile fills it.
type gameSource struct {
	line     int
	col      int
	offset   int64
	sum      uint32
	tags     map[string]string
	variant  *engine.Variant   // nil if the Variant tag is missing or unknown
	setUp    bool              // the record starts from its own Position tag
	moves    []string          // tokens of the main line, as far as it replays
	path     []engine.Position // the positions of the main line: len(moves)+1, from the start
	comments []string
	errs     []string
}

// newGameDoc turns one record into its document.
func newGameDoc(file string, n int, s gameSource, op *Openings) gameDoc {
	d := gameDoc{File: file, Game: n, Line: s.line, Offset: s.offset, Col: max(s.col, 1), Sum: s.sum,
		Comments: s.comments, Messages: s.errs}
	tag := func(name string) string {
		v := strings.TrimSpace(s.tags[name])
		if v == "?" {
			return ""
		}
		return v
	}
	d.South, d.North = tag("South"), tag("North")
	for _, p := range []string{d.South, d.North} {
		if p != "" {
			d.Players = append(d.Players, p)
			d.PlayersLC = append(d.PlayersLC, event.Key(p))
			d.PlayerRuns = append(d.PlayerRuns, event.Runs(event.Key(p))...)
			d.Names = append(d.Names, p)
		}
	}
	d.Event, d.Site = tag("Event"), tag("Site")
	d.EventText = d.Event
	d.Termination, d.Source, d.Annotator = tag("Termination"), tag("Source"), tag("Annotator")
	d.Result = tag("Result")
	if d.Result == "" {
		d.Result = "*"
	}
	d.Date = tag("Date")
	d.Played, d.Year = parseDate(d.Date)
	if strings.Trim(d.Date, "?.") == "" { // ????.??.?? says nothing
		d.Date = ""
	}
	if d.Year != nil {
		d.Decade = strconv.Itoa(*d.Year/10*10) + "s"
	}
	if r, err := strconv.ParseFloat(tag("Round"), 64); err == nil {
		d.Round = &r
	}
	if s.variant != nil {
		d.Variant = s.variant.ID()
		if s.setUp && len(s.path) > 0 {
			d.Start = s.path[0].String()
		}
		d.Pos = positionTerms(s.path, s.moves)
		d.Opening, _ = op.OfPath(s.path)
		d.Plies = len(s.moves)
	}
	if len(s.errs) > 0 {
		d.Errors = "true"
	}
	return d
}

// RecordSum identifies a record by its tags, the tokens of its main line and its result: the
// index keeps it with the record's offset (Locate), and a reader that seeks there checks what it
// finds against it, since the file may have changed since it was indexed.
func RecordSum(rec *notation.Record) uint32 {
	h := crc32.NewIEEE()
	for _, t := range rec.Tags {
		io.WriteString(h, t.Name)
		h.Write([]byte{0})
		io.WriteString(h, t.Value)
		h.Write([]byte{0})
	}
	for _, m := range rec.Moves {
		io.WriteString(h, m.Token)
		h.Write([]byte{0})
	}
	io.WriteString(h, rec.Result)
	return h.Sum32()
}

// positionTerms gives one term per position of the main line: the position's key and the move
// played from it ("KEY|MOVE"), and for the last position the key alone ("KEY|"). A position
// search is then a prefix query on "KEY|", and the opening tree of a position is the list of
// terms under that prefix, read from the term dictionary.
func positionTerms(path []engine.Position, moves []string) []string {
	terms := make([]string, len(path))
	for i, p := range path {
		terms[i] = positionKey(p) + "|"
		if i < len(moves) {
			terms[i] += moves[i]
		}
	}
	return terms
}

// positionKey is the index's stable name for a position: a 64-bit FNV-1a hash of the variant id
// and the canonical BPN (spec section 3), in base64url (11 characters). Hashing keeps the term
// dictionary small (a Kimasai BPN is about 100 bytes); at a million distinct positions the
// chance of any collision is below 1e-7, and a collision can only add a hit, never lose one.
func positionKey(p engine.Position) string {
	h := fnv.New64a()
	h.Write([]byte(p.Variant().ID()))
	h.Write([]byte{' '})
	h.Write([]byte(p.String()))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], h.Sum64())
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// parseDate reads a BGN date (YYYY.MM.DD with ? for unknown digits). An unknown month or day
// counts as the first, so a game is at least findable by its year.
func parseDate(s string) (*time.Time, *int) {
	parts := strings.Split(s, ".")
	y, err := strconv.Atoi(parts[0])
	if err != nil || len(parts[0]) != 4 {
		return nil, nil
	}
	m, d := 1, 1
	if len(parts) > 1 {
		if v, err := strconv.Atoi(parts[1]); err == nil && v >= 1 && v <= 12 {
			m = v
			if len(parts) > 2 {
				if v, err := strconv.Atoi(parts[2]); err == nil && v >= 1 && v <= 31 {
					d = v
				}
			}
		}
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	return &t, &y
}
