package notation

import (
	"cmp"
	"hash/fnv"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The everyday tools of a collection of records, as pgn-extract offers them for chess: telling
// the same game stored twice, and counting what a collection holds. Both read only the
// record's main line, in one walk each (Walk).

// Played is what a record says was played, whatever its tags: the variant, the start position
// and the main line's moves in canonical form. Two records with the same Played are the same
// game, however their moves were spelled (omissions, suffixes) and whatever their tags say.
// A move that cannot be played, and the moves after it, are kept as written.
type Played struct {
	Variant string   // the variant's id, or the Variant tag as written if bao does not know it
	Start   string   // BPN of the start position, "" if the record has none bao can read
	Moves   []string // canonical tokens of the main line; a gap is GapToken
	Plies   int      // moves of the main line that could be played, its gaps counted as one each
	// Length is the game's plies as far as it could be played, the moves lost in its gaps
	// counted as the numbering after them says: Plies for a record without gaps.
	Length int
	// Err is why the main line cannot be played to its end (the move it stops at), or nil.
	Err *Error
}

// PlayedOf walks the record's main line once (Walk).
func PlayedOf(r *Record) Played {
	p := Played{Variant: r.Tag("Variant")}
	if start, err := r.Start(); err == nil {
		p.Variant, p.Start = start.Variant().ID(), start.String()
	}
	Walk(r, WalkOptions{}, func(s *Step) error {
		if s.Err != nil {
			p.Err = s.Err
			return ErrStop // this move and the rest are kept as written, below
		}
		if s.Gap {
			p.Moves = append(p.Moves, GapToken)
		} else {
			p.Moves = append(p.Moves, s.Token())
			p.Length = s.Ply
		}
		p.Plies++
		return nil
	})
	for _, n := range r.Moves[p.Plies:] {
		p.Moves = append(p.Moves, n.Token)
	}
	return p
}

// key is a digest of the game played: 16 bytes per game, whatever its length, so that a
// collection of any size can be compared in little memory. A 128-bit FNV-1a: two different
// games share one by chance with odds far below one in 10^20 even among millions of games.
// It is not a guard against records made to collide; a cryptographic digest would be, at the
// price of 47 KB (gzipped) in the browser's engine, which loads this package.
func (p Played) key() playedKey {
	h := fnv.New128a()
	io.WriteString(h, p.Variant+"\n"+p.Start+"\n"+strings.Join(p.Moves, " "))
	var k playedKey
	h.Sum(k[:0])
	return k
}

// playedKey is a digest of a game played (Played.key).
type playedKey [16]byte

// GameRef names a record: its file, its number in the file, where it starts.
type GameRef struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Game int    `json:"game"`
}

// RefOf names a record.
func RefOf(r *Record) GameRef { return GameRef{File: r.File, Line: r.Pos.Line, Game: r.Number} }

// Duplicates finds the records that repeat a game seen before, in the order they are added:
// the first record of a game is the original, every later one a duplicate of it.
type Duplicates struct {
	seen map[playedKey]GameRef
}

// Add reports whether r repeats a game added before, and which.
func (d *Duplicates) Add(r *Record) (original GameRef, dup bool) {
	if d.seen == nil {
		d.seen = map[playedKey]GameRef{}
	}
	k := PlayedOf(r).key()
	if ref, ok := d.seen[k]; ok {
		return ref, true
	}
	d.seen[k] = RefOf(r)
	return GameRef{}, false
}

// Forget drops the games of one file, so that a file written anew does not hold its old
// games against the new.
func (d *Duplicates) Forget(file string) {
	for k, ref := range d.seen {
		if filepath.Clean(ref.File) == filepath.Clean(file) {
			delete(d.seen, k)
		}
	}
}

// Count is how many games have one value.
type Count struct {
	Value string `json:"value"`
	Games int    `json:"games"`
}

// Stats counts a collection's games by variant, result, year, player, opening and length
// (plies of the main line, in bands of LengthBand). Unknown values count as "?".
type Stats struct {
	Games   int     `json:"games"`
	Variant []Count `json:"variant"`
	Result  []Count `json:"result"`
	Year    []Count `json:"year"`
	Player  []Count `json:"player"`  // a game counts once for each of its two players
	Opening []Count `json:"opening"` // the first OpeningPlies moves, canonical
	Length  []Count `json:"length"`  // "0-19", "20-39", …
}

// OpeningPlies is how many first moves make an opening in Stats; LengthBand the width of a
// length band.
const (
	OpeningPlies = 2
	LengthBand   = 20
)

// Tally gathers Stats one record at a time, in memory proportional to the distinct values.
type Tally struct {
	// PlayerKey, if set, reduces a name to what identifies its player (event.Key), so that
	// spellings of one player count together, listed under the spelling seen first.
	PlayerKey func(name string) string
	games     int
	by        [6]map[string]int // in the order of Stats' lists
	spelling  map[string]string // a player's key to the name it is listed under
}

// Add counts one record, and returns why its main line cannot be played to its end, if it
// cannot (the record is counted as written).
func (t *Tally) Add(r *Record) *Error {
	if t.by[0] == nil {
		for i := range t.by {
			t.by[i] = map[string]int{}
		}
	}
	p := PlayedOf(r)
	t.games++
	t.by[0][p.Variant]++
	t.by[1][r.Tag("Result")]++
	t.by[2][year(r.Tag("Date"))]++
	south, north := t.player(r.Tag("South")), t.player(r.Tag("North"))
	t.by[3][south]++
	t.by[4][strings.Join(p.Moves[:min(OpeningPlies, p.Plies)], " ")]++
	band := p.Length / LengthBand * LengthBand
	t.by[5][strconv.Itoa(band)+"-"+strconv.Itoa(band+LengthBand-1)]++
	if north != south { // two unknown players count once
		t.by[3][north]++
	}
	return p.Err
}

// player is the name a player is counted under: the name, its spaces collapsed, or with
// PlayerKey the first spelling seen of the player.
func (t *Tally) player(name string) string {
	if name = strings.Join(strings.Fields(name), " "); name == "?" {
		name = "" // the writer's unknown player
	}
	if t.PlayerKey == nil {
		return name
	}
	k := t.PlayerKey(name)
	if k == "" {
		return "" // no letters or digits: "?", or nothing, listed as "?"
	}
	if t.spelling == nil {
		t.spelling = map[string]string{}
	}
	if s, ok := t.spelling[k]; ok {
		return s
	}
	t.spelling[k] = name
	return name
}

// Stats lists the counts, most games first, at most top values per list (0: all); years and
// lengths are listed in their own order instead, all of them.
func (t *Tally) Stats(top int) Stats {
	list := func(m map[string]int, ordered bool) []Count {
		cs := make([]Count, 0, len(m))
		for v, n := range m {
			if v == "" {
				v = "?"
			}
			cs = append(cs, Count{v, n})
		}
		slices.SortFunc(cs, func(a, b Count) int {
			if ordered {
				return cmp.Or(cmp.Compare(len(a.Value), len(b.Value)), strings.Compare(a.Value, b.Value))
			}
			return cmp.Or(b.Games-a.Games, strings.Compare(a.Value, b.Value))
		})
		if !ordered && top > 0 && len(cs) > top {
			cs = cs[:top]
		}
		return cs
	}
	return Stats{Games: t.games, Variant: list(t.by[0], false), Result: list(t.by[1], false),
		Year: list(t.by[2], true), Player: list(t.by[3], false), Opening: list(t.by[4], false),
		Length: list(t.by[5], true)}
}

// year is the year of a Date tag, "" when it is unknown.
func year(date string) string { return ParseDate(date).YearText() }
