package recorder

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// command is one recorder command: its help line and what it does with its argument.
type command struct {
	usage, help string
	run         func(s *Session, arg string) (string, error)
}

// commands are looked up by their first word, case-insensitively; any other line is a move.
// (help, which lists this table, is answered by Exec itself.)
var commands = map[string]command{
	"board":   {"board", "show the board", (*Session).board},
	"moves":   {"moves", "list the legal moves", (*Session).moves},
	"undo":    {"undo", "take back the last move, or the result entered", (*Session).undo},
	"comment": {"comment TEXT", "comment on the last move (before the first: on the game)", (*Session).comment},
	"nag":     {"nag GLYPH", "annotate the last move: ! ? !! ?? !? ?! or $n", (*Session).nag},
	"clock":   {"clock H:MM:SS", "the mover's clock after the last move", (*Session).clock},
	"result":  {"result 1-0|0-1|1/2-1/2|* [TERMINATION]", "set the result (by default adjudication, or unrecorded before any move)", (*Session).result},
	"resign":  {"resign [south|north]", "the player (default: the one to move) resigns", (*Session).resign},
	"time":    {"time [south|north]", "the player (default: the one to move) lost on time", (*Session).timeForfeit},
	"draw":    {"draw", "the players agreed a draw", (*Session).draw},
	"tag":     {"tag NAME VALUE", "set a tag (Event, Site, Round, South, North, …)", (*Session).tag},
	"quit":    {"quit", "stop recording (everything is saved already)", (*Session).quit},
}

// helpCommand is the help line of help.
var helpCommand = command{usage: "help", help: "list the commands"}

// Commands lists the commands with their help, for the CLI's help text.
func Commands() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	out := []string{fmt.Sprintf("%-40s %s", helpCommand.usage, helpCommand.help)}
	for _, n := range names {
		out = append(out, fmt.Sprintf("%-40s %s", commands[n].usage, commands[n].help))
	}
	return out
}

// IsQuit reports whether the line asks to stop.
func IsQuit(line string) bool { return strings.EqualFold(strings.TrimSpace(line), "quit") }

func (s *Session) quit(string) (string, error) {
	return s.say().T("record.saved", "Path", s.Path()), nil
}

func (s *Session) help() string {
	return "enter a move token (e.g. " + s.example() + ") or a command:\n  " + strings.Join(Commands(), "\n  ")
}

// example is a legal token to show in the help.
func (s *Session) example() string {
	if l := s.Legal(); len(l) > 0 {
		return l[0]
	}
	return "A6<*"
}

func (s *Session) board(string) (string, error) {
	return notation.Diagram(s.game.Position()) + "\n" + s.Status(), nil
}

func (s *Session) moves(string) (string, error) {
	if s.Over() {
		return "", fmt.Errorf("%w (%s)", ErrFinished, s.rec.Result)
	}
	return s.say().T("record.legal", "Legal", strings.Join(s.Legal(), " ")), nil
}

func (s *Session) undo(string) (string, error) {
	if s.ended != "" {
		result, term := s.rec.Result, s.ended
		s.setResult("*", "")
		return s.say().T("record.withdrawn"), s.commit(func() { s.setResult(result, term) })
	}
	n, err := s.lastNode()
	if err != nil {
		return "", ErrNothingToUndo
	}
	moves := s.game.Moves()
	last := moves[len(moves)-1]
	result := s.rec.Result
	s.undoMove()
	return s.say().T("record.tookback", "Move", n.Token), s.commit(func() {
		s.game.Play(last)
		if len(s.rec.Moves) == 0 {
			n.Before, s.rec.Comments = s.rec.Comments, nil
		}
		s.rec.Moves = append(s.rec.Moves, n)
		s.setResult(result, "")
	})
}

func (s *Session) comment(arg string) (string, error) {
	if arg == "" {
		return "", fmt.Errorf("%w: comment needs text", ErrBadArgument)
	}
	if strings.ContainsAny(arg, "{}") {
		return "", fmt.Errorf("%w: a comment cannot hold { or }", ErrBadArgument)
	}
	c := notation.Comment{Text: arg}
	n, err := s.lastNode()
	if err != nil { // before the first move: a comment on the game
		s.rec.Comments = append(s.rec.Comments, c)
		return "comment on the game", s.commit(func() { s.rec.Comments = s.rec.Comments[:len(s.rec.Comments)-1] })
	}
	n.After = append(n.After, c)
	return "comment on " + n.Token, s.commit(func() { n.After = n.After[:len(n.After)-1] })
}

func (s *Session) nag(arg string) (string, error) {
	n, err := s.lastNode()
	if err != nil {
		return "", err
	}
	k, err := parseNAG(arg)
	if err != nil {
		return "", err
	}
	n.NAGs = append(n.NAGs, k)
	return fmt.Sprintf("%s $%d", n.Token, k), s.commit(func() { n.NAGs = n.NAGs[:len(n.NAGs)-1] })
}

func (s *Session) clock(arg string) (string, error) {
	if err := parseClock(arg); err != nil {
		return "", err
	}
	n, err := s.lastNode()
	if err != nil {
		return "", err
	}
	n.After = append(n.After, clockComment(arg))
	return "clock " + arg + " after " + n.Token, s.commit(func() { n.After = n.After[:len(n.After)-1] })
}

// end records a result reached off the board (spec 5: it needs a Termination).
func (s *Session) end(result, termination string) (string, error) {
	if s.Over() {
		return "", fmt.Errorf("%w (%s)", ErrFinished, s.rec.Result)
	}
	s.setResult(result, termination)
	return s.say().T("record.result", "Result", result, "How", termination), s.commit(func() { s.setResult("*", "") })
}

func (s *Session) result(arg string) (string, error) {
	res, term, _ := strings.Cut(arg, " ")
	switch term = strings.TrimSpace(term); {
	case term == "" && len(s.rec.Moves) == 0:
		term = notation.Unrecorded // a result entered without moves: played, moves not recorded
	case term == "":
		term = "adjudication"
	case !slices.Contains(notation.Terminations, term):
		return "", fmt.Errorf("%w: termination %q: want one of %s", ErrBadArgument, term, strings.Join(notation.Terminations, ", "))
	case term == notation.Unrecorded && len(s.rec.Moves) > 0:
		return "", fmt.Errorf("%w: termination %q is for a game without moves; this one has %d", ErrBadArgument, term, len(s.rec.Moves))
	}
	switch res {
	case "1-0", "0-1", "1/2-1/2":
		return s.end(res, term)
	case "*":
		if s.ended == "" {
			return "", fmt.Errorf("%w: no result to withdraw", ErrBadArgument)
		}
		return s.undo("")
	}
	return "", fmt.Errorf("%w: result %q: want 1-0, 0-1, 1/2-1/2 or *", ErrBadArgument, res)
}

// loser reads the side named in arg, or the side to move.
func (s *Session) loser(arg string) (engine.Side, error) {
	switch strings.ToLower(arg) {
	case "":
		return s.game.Position().ToMove(), nil
	case "south", "s":
		return engine.South, nil
	case "north", "n":
		return engine.North, nil
	}
	return 0, fmt.Errorf("%w: %q: want south or north", ErrBadArgument, arg)
}

func winnerResult(loser engine.Side) string {
	if loser == engine.South {
		return "0-1"
	}
	return "1-0"
}

func (s *Session) resign(arg string) (string, error) {
	l, err := s.loser(arg)
	if err != nil {
		return "", err
	}
	return s.end(winnerResult(l), "resignation")
}

func (s *Session) timeForfeit(arg string) (string, error) {
	l, err := s.loser(arg)
	if err != nil {
		return "", err
	}
	return s.end(winnerResult(l), "time forfeit")
}

func (s *Session) draw(string) (string, error) { return s.end("1/2-1/2", "agreement") }

func (s *Session) tag(arg string) (string, error) {
	name, value, _ := strings.Cut(arg, " ")
	value = strings.TrimSpace(value)
	// Quotes round the whole value are optional (tag Event "Zanzibar Open"); quotes inside
	// it are the value's own.
	if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
		value = value[1 : len(value)-1]
	}
	switch {
	case name == "" || value == "" || strings.ContainsAny(name, ` "[]`):
		return "", fmt.Errorf("%w: want tag NAME VALUE", ErrBadArgument)
	case slices.Contains([]string{"Variant", "SetUp", "Position", "Result", "Termination", "PlyCount"}, name):
		return "", fmt.Errorf("%w: %s is kept by the recorder", ErrBadArgument, name)
	}
	if err := notation.CheckTagValue(name, value); err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrBadArgument, name, err)
	}
	old, had := s.rec.Tag(name), s.hasTag(name)
	s.rec.SetTag(name, value)
	return name + " = " + value, s.commit(func() {
		if had {
			s.rec.SetTag(name, old)
		} else {
			s.rec.Tags = slices.DeleteFunc(s.rec.Tags, func(t notation.Tag) bool { return t.Name == name })
		}
	})
}

func (s *Session) hasTag(name string) bool {
	return slices.ContainsFunc(s.rec.Tags, func(t notation.Tag) bool { return t.Name == name })
}
