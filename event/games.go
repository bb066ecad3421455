package event

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/notation"
)

// Game is one game of an event, as its tags say: who played, which round, and the result.
type Game struct {
	File   string // the record file, relative to the event folder
	Number int    // the game's 1-based number in the file
	Line   int    // where its record starts

	Round, Board, Sub int // "3", "3.2" (board 2), "3.2.1" (game 1 of the pairing on board 2)
	South, North      string
	Result            string // 1-0, 0-1, 1/2-1/2, *
	Termination       string
	Moves             int
	Date              string // the Date tag: YYYY.MM.DD, ? for unknown digits, "" if none
}

// Bye reports whether the game is a bye: a round without an opponent.
func (g Game) Bye() bool { return strings.EqualFold(g.Termination, "bye") }

// Forfeit reports whether the game was decided without being played: Termination "forfeit",
// or a result with neither moves nor a Termination that says how it was played.
func (g Game) Forfeit() bool {
	return !g.Bye() && g.Decided() && forfeit(g.Termination, g.Moves)
}

// Unrecorded reports whether the game was played but its moves are not in the record: a
// result without moves whose Termination says how it ended ("unrecorded", "resignation", ...).
func (g Game) Unrecorded() bool {
	return !g.Bye() && g.Decided() && g.Moves == 0 && !forfeit(g.Termination, g.Moves)
}

// forfeit reports whether a game with this Termination and this many moves was not played.
// One without moves or a Termination is a forfeit, as results were entered before
// Termination "unrecorded" said "played, moves not recorded".
func forfeit(termination string, moves int) bool {
	return strings.EqualFold(termination, "forfeit") || (moves == 0 && strings.TrimSpace(termination) == "")
}

// Decided reports whether the game counts: a result other than *, and not voided for a replay.
func (g Game) Decided() bool {
	return g.Result != "*" && g.Result != "" && !strings.EqualFold(g.Termination, "replayed")
}

// score is what South and North scored in the game, under s.
func (g Game) score(s Scoring) (south, north float64) {
	switch g.Result {
	case "1-0":
		return s.Win, s.Loss
	case "0-1":
		return s.Loss, s.Win
	case "1/2-1/2":
		return s.Draw, s.Draw
	}
	return 0, 0
}

// parseRound reads "3", "3.2" or "3.2.1".
func parseRound(s string) (round, board, sub int, ok bool) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) > 3 {
		return 0, 0, 0, false
	}
	n := make([]int, 3)
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 1 {
			return 0, 0, 0, false
		}
		n[i] = v
	}
	return n[0], n[1], n[2], true
}

// Games reads the games of the event c from the BGN files of dir (and its subfolders): those
// whose Event tag is the event's name. A record that cannot be read, that names no valid round,
// that names a player who is not an entrant or a player against themselves, that is a second
// game for a round, board and game that has one already (a result entered twice), or that
// seats a player on a second board of a round (a game that was never paired), is reported
// in problems with its location and left out; it never stops the rest. A game voided for a
// replay holds no place.
func Games(dir string, c *Config) (games []Game, problems []error, err error) {
	entrants := map[string]bool{}
	for _, p := range c.Players {
		entrants[Key(p.Name)] = true
	}
	err = walkRecords(dir, func(path, rel string, r *notation.Record) {
		if Key(r.Tag("Event")) != Key(c.Name) {
			return
		}
		g, err := GameOf(r, rel, path)
		if err == nil {
			err = g.check(entrants, path)
		}
		if err != nil {
			problems = append(problems, err)
			return
		}
		games = append(games, g)
	}, &problems)
	Sort(games)
	held := map[[3]int]Game{}
	type seat struct {
		round  int
		player string
	}
	seated := map[seat]Game{} // the board each player plays in each round
	games = slices.DeleteFunc(games, func(g Game) bool {
		if strings.EqualFold(g.Termination, "replayed") {
			return false
		}
		bad := func(why string, first Game) bool {
			problems = append(problems, fmt.Errorf("%s:%d: %w: game %d: %s, at %s:%d", filepath.Join(dir, g.File), g.Line,
				ErrConfig, g.Number, why, filepath.Join(dir, first.File), first.Line))
			return true
		}
		k := [3]int{g.Round, g.Board, g.Sub}
		if first, ok := held[k]; ok {
			return bad(fmt.Sprintf("round %s has a game already", g.RoundTag()), first)
		}
		players := g.players()
		for _, p := range players {
			if first, ok := seated[seat{g.Round, Key(p)}]; ok && first.Board != g.Board {
				return bad(fmt.Sprintf("%s plays in round %d on board %d already", p, g.Round, first.Board), first)
			}
		}
		held[k] = g
		for _, p := range players {
			seated[seat{g.Round, Key(p)}] = g
		}
		return false
	})
	return games, problems, err
}

// check rejects a game the event cannot count: a player who is not an entrant (add a late
// entry to event.toml), or one who plays themselves.
func (g Game) check(entrants map[string]bool, where string) error {
	for _, p := range g.players() {
		if !entrants[Key(p)] {
			return fmt.Errorf("%s:%d: %w: game %d: %q is not a player of the event", where, g.Line, ErrConfig, g.Number, p)
		}
	}
	if !g.Bye() && Key(g.South) == Key(g.North) {
		return fmt.Errorf("%s:%d: %w: game %d: %q plays against themselves", where, g.Line, ErrConfig, g.Number, g.South)
	}
	return nil
}

// players are the game's players: South, and North unless it is a bye.
func (g Game) players() []string {
	if g.Bye() {
		return []string{g.South}
	}
	return []string{g.South, g.North}
}

// RoundTag is the game's Round tag as the event writes it: "3", "3.2", "3.2.1".
func (g Game) RoundTag() string {
	s := strconv.Itoa(g.Round)
	for _, n := range []int{g.Board, g.Sub} {
		if n > 0 {
			s += "." + strconv.Itoa(n)
		}
	}
	return s
}

// Sort puts an event's games in the order of play: by round, board and game, then file. The
// crosstable lists each pairing's games in this order.
func Sort(games []Game) { slices.SortStableFunc(games, Compare) }

// Compare orders two games of an event as Sort does.
func Compare(a, b Game) int {
	if c := cmpInts(a.Round, b.Round, a.Board, b.Board, a.Sub, b.Sub); c != 0 {
		return c
	}
	return strings.Compare(a.File, b.File)
}

// GameOf places one record of an event: its round, board, players and result. file is the
// record file relative to the event folder; where names it in the error of a record whose
// Round tag is not ROUND, ROUND.BOARD or ROUND.BOARD.GAME.
func GameOf(r *notation.Record, file, where string) (Game, error) {
	g := Game{File: file, Number: r.Number, Line: r.Pos.Line, South: r.Tag("South"), North: r.Tag("North"),
		Result: result(r), Termination: r.Tag("Termination"), Moves: len(r.Moves), Date: r.Tag("Date")}
	if g.Result != "" && notation.CheckTagValue("Result", g.Result) != nil {
		// A result misspelt ("1:0") would count as a game both players lost.
		at := r.Pos
		for _, t := range r.Tags {
			if t.Name == "Result" {
				at = t.ValuePos
			}
		}
		return g, fmt.Errorf("%s:%d:%d: %w: game %d: Result %q is not 1-0, 0-1, 1/2-1/2 or *",
			where, at.Line, at.Col, ErrConfig, r.Number, g.Result)
	}
	var ok bool
	if g.Round, g.Board, g.Sub, ok = parseRound(r.Tag("Round")); !ok {
		return g, fmt.Errorf("%s:%d: %w: game %d: Round %q is not ROUND, ROUND.BOARD or ROUND.BOARD.GAME",
			where, r.Pos.Line, ErrConfig, r.Number, r.Tag("Round"))
	}
	return g, nil
}

// result is the record's result: the movetext's marker where it gives one, else the Result
// tag (a record may lack either).
func result(r *notation.Record) string {
	if r.Result != "" && r.Result != "*" {
		return r.Result
	}
	return r.Tag("Result")
}

func cmpInts(xs ...int) int {
	for i := 0; i+1 < len(xs); i += 2 {
		if xs[i] != xs[i+1] {
			return xs[i] - xs[i+1]
		}
	}
	return 0
}

// walkRecords reads every record of the record files under dir (those package archive/tree
// names) in file-name order, one at a time. A file that cannot be read, or a record with a
// syntax error, is added to problems and left out; it never stops the walk.
func walkRecords(dir string, visit func(path, rel string, r *notation.Record), problems *[]error) error {
	fsys, err := tree.OpenRoot(dir)
	if err != nil {
		return err
	}
	return tree.Walk(fsys, func(e tree.Entry) error {
		if e.Err != nil {
			*problems = append(*problems, errors.New(filepath.Join(dir, e.Err.Error())))
			return nil
		}
		if !e.Record() {
			return nil
		}
		path := filepath.Join(dir, filepath.FromSlash(e.Name))
		f, err := os.Open(path)
		if err != nil {
			*problems = append(*problems, err)
			return nil
		}
		defer f.Close()
		sc := notation.NewScanner(f, path)
		for sc.Scan() {
			if errs := sc.Errors(); len(errs) > 0 {
				// What a broken record says (its result, say) may be wrong: report it, skip it.
				*problems = append(*problems, errs[0])
				continue
			}
			visit(path, filepath.FromSlash(e.Name), sc.Record())
		}
		if err := sc.Err(); err != nil {
			*problems = append(*problems, err)
		}
		return nil
	})
}
