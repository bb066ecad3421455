package event

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Error kinds of SetResult; test them with errors.Is.
var (
	// ErrBadResult: a result or Termination that no game can have.
	ErrBadResult = errors.New("bad result")
	// ErrContradicted: the recorded moves contradict the result (without Force), or they are
	// there though the Termination says they were not recorded.
	ErrContradicted = errors.New("contradicted by the recorded moves")
)

// Entry is a result an arbiter enters for one board of a round.
type Entry struct {
	Round, Board int
	// Game is the game's number in a pairing of several games (Round "3.2.1"); 0 picks the
	// board's only game, or its first without a result.
	Game   int
	Result string // 1-0, 0-1 or 1/2-1/2
	// Termination says how the game ended; "" keeps the record's, or is Unrecorded for a
	// board without moves.
	Termination string
	// Force enters a result that the moves on the board contradict (the game ended there with
	// another result).
	Force bool
	// Now is when the result is entered, for the note a correction leaves (zero: now).
	Now time.Time
	// Holder names who enters it to a recorder that finds the board taken meanwhile (as
	// LockBoard's holder; "": this process).
	Holder string
}

// Entered is what SetResult did.
type Entered struct {
	File         string `json:"file"` // relative to the event folder
	Round        string `json:"round"`
	South        string `json:"south"`
	North        string `json:"north"`
	Result       string `json:"result"`
	Termination  string `json:"termination,omitempty"`
	Moves        int    `json:"moves"`
	Was          string `json:"was"` // the result before: "*" for a first entry
	WasTerminate string `json:"was_termination,omitempty"`
	// Note is the comment a correction left in the record ("" for a first entry, or one that
	// changed nothing).
	Note string `json:"note,omitempty"`
}

// SetResult enters or corrects the result of one board of a round of the event in dir, under
// the event's lock (as the recorders write) and the board's (a board a recorder has open is
// refused with ErrBoardBusy, as a second recorder is): the board's record gets the Result and
// Termination tags, a Date if it had none (the day entered), and for a correction a comment
// that keeps what the result was and when it was changed. A board with no moves gets
// Termination "unrecorded" (played, moves not recorded) unless another is given. A board
// with moves takes a result the board agrees with (with Termination "adjudication" unless
// another is given, when the game has not ended on the board); one the moves contradict is
// refused (ErrContradicted) unless e.Force, and "unrecorded" is refused (the moves are there).
func SetResult(dir string, e Entry) (*Entered, error) {
	if e.Result != "1-0" && e.Result != "0-1" && e.Result != "1/2-1/2" {
		return nil, fmt.Errorf("%w: %q: want 1-0, 0-1 or 1/2-1/2", ErrBadResult, e.Result)
	}
	e.Termination = strings.ToLower(strings.TrimSpace(e.Termination))
	if e.Termination != "" && (!slices.Contains(notation.Terminations, e.Termination) || e.Termination == "bye") {
		return nil, fmt.Errorf("%w: termination %q: want one of %s", ErrBadResult, e.Termination, strings.Join(ended(), ", "))
	}
	if e.Now.IsZero() {
		e.Now = time.Now()
	}
	bl, err := LockBoard(dir, e.Round, e.Board, e.Holder)
	if err != nil {
		return nil, err
	}
	defer bl.Unlock()
	unlock, err := lock(filepath.Join(dir, lockFile))
	if err != nil {
		return nil, err
	}
	defer unlock()
	c, err := Load(dir)
	if err != nil {
		return nil, err
	}
	games, _, err := Games(dir, c)
	if err != nil {
		return nil, err
	}
	g, err := c.boardGame(games, e)
	if err != nil {
		return nil, err
	}
	var done *Entered
	err = rewriteGame(filepath.Join(dir, g.File), g.Number, g.RoundTag(), func(r *notation.Record) (*notation.Record, error) {
		done, err = enter(r, e)
		return r, err
	})
	if err != nil {
		return nil, err
	}
	done.File = g.File
	return done, nil
}

// boardGame finds the game e names among the event's games.
func (c *Config) boardGame(games []Game, e Entry) (Game, error) {
	var on []Game
	for _, g := range games {
		if g.Round == e.Round && (g.Board == e.Board || c.Format == "match") && (e.Game == 0 || g.Sub == e.Game) &&
			!strings.EqualFold(g.Termination, "replayed") {
			on = append(on, g)
		}
	}
	switch {
	case len(on) == 0:
		return Game{}, fmt.Errorf("%w: event %q has no game on board %d of round %d", ErrNoPairing, c.Name, e.Board, e.Round)
	case on[0].Bye():
		return Game{}, fmt.Errorf("%w: board %d of round %d is %s's bye", ErrNoPairing, e.Board, e.Round, on[0].South)
	case len(on) > 1:
		for _, g := range on {
			if !g.Decided() {
				return g, nil
			}
		}
		return Game{}, fmt.Errorf("%w: board %d of round %d has %d games with a result: name one with its game number",
			ErrNoPairing, e.Board, e.Round, len(on))
	}
	return on[0], nil
}

// enter sets e's result in r, the board's record, and says what it did.
func enter(r *notation.Record, e Entry) (*Entered, error) {
	was, wasTerm := result(r), r.Tag("Termination")
	if was == "" {
		was = "*"
	}
	term := e.Termination
	if len(r.Moves) > 0 {
		if term == notation.Unrecorded {
			return nil, fmt.Errorf("%w: the game has %d moves recorded: Termination %q is for a game without", ErrContradicted, len(r.Moves), term)
		}
		if err := agrees(r, e.Result, &term, wasTerm, e.Force); err != nil {
			return nil, err
		}
	} else if term == "" {
		term = notation.Unrecorded
	}
	done := &Entered{Round: r.Tag("Round"), South: r.Tag("South"), North: r.Tag("North"), Result: e.Result,
		Termination: term, Moves: len(r.Moves), Was: was, WasTerminate: wasTerm}
	if was != "*" && (was != e.Result || !strings.EqualFold(wasTerm, term)) {
		done.Note = fmt.Sprintf("Result corrected %s: was %s", e.Now.UTC().Format("2006.01.02 15:04 UTC"), was)
		if wasTerm != "" {
			done.Note += fmt.Sprintf(" (Termination %q)", wasTerm)
		}
		note(r, done.Note)
	}
	r.Result = e.Result
	r.SetTag("Result", e.Result)
	if term == "" {
		r.Tags = slices.DeleteFunc(r.Tags, func(t notation.Tag) bool { return t.Name == "Termination" })
	} else {
		r.SetTag("Termination", term)
	}
	if d := r.Tag("Date"); d == "" || d == "????.??.??" {
		r.SetTag("Date", e.Now.Format("2006.01.02"))
	}
	return done, nil
}

// agrees checks result against the moves of r: a game that ended on the board takes its own
// result (and needs no Termination; a contradicting one only with force); a game still going
// there takes the Termination given (*term), else the record's own (wasTerm), else
// "adjudication".
func agrees(r *notation.Record, result string, term *string, wasTerm string, force bool) error {
	rp, err := r.Replay()
	if rp == nil {
		return err // no start position: the record says no game
	}
	st := rp.Status
	if err != nil {
		st = engine.Ongoing // moves after an illegal one: the board says nothing sure
	}
	switch {
	case st != engine.Ongoing && st.Result() == result:
		return nil
	case st != engine.Ongoing && !force:
		return fmt.Errorf("%w: the game ended on the board in %s after %d moves; enter it with force to override the board",
			ErrContradicted, st.Result(), len(r.Moves))
	case *term != "":
		return nil
	case wasTerm != "" && !strings.EqualFold(wasTerm, notation.Unrecorded) && !strings.EqualFold(wasTerm, "bye"):
		*term = strings.ToLower(wasTerm)
		return nil
	}
	// Forced over the board's own result, or a game the board has not ended: the arbiter
	// decided, as the recorder's result command says by default.
	*term = "adjudication"
	return nil
}

// ended are the Terminations an entered result may give: all but a bye's, which pairing writes.
func ended() []string {
	return slices.DeleteFunc(slices.Clone(notation.Terminations), func(t string) bool { return t == "bye" })
}

// note adds a comment at the end of r's movetext, before its result.
func note(r *notation.Record, text string) {
	c := notation.Comment{Text: text}
	if n := len(r.Moves); n > 0 {
		last := r.Moves[n-1]
		last.After = append(last.After, c)
		return
	}
	r.Comments = append(r.Comments, c)
}
