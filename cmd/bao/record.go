package main

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/notation/recorder"
)

// recordFlags are bao record's flags.
type recordFlags struct {
	variant, south, north, event, site, round, date, position, lang string
	resume, append                                                  bool
	tags                                                            []string
	board                                                           int
}

// session opens the recorder the flags ask for: an event's board, a game to resume, or a new
// game in path (at its end with --append).
func (o recordFlags) session(path string) (*recorder.Session, error) {
	if o.board > 0 || isFile(filepath.Join(o.event, event.ConfigFile)) {
		round, rerr := strconv.Atoi(o.round)
		if rerr != nil || o.board < 1 || path != "" || o.resume || o.append {
			return nil, usagef("an event's game is named by --event DIR --round N --board B alone")
		}
		return event.Record(o.event, round, o.board, "")
	}
	switch {
	case o.resume && o.append:
		return nil, usagef("--resume continues the last game, --append starts a new one: choose one")
	case o.append && path == "":
		return nil, usagef("--append needs the FILE.bgn to add the game to")
	case o.resume && path == "":
		return nil, usagef("--resume needs the FILE.bgn to continue")
	case o.resume:
		return recorder.Resume(path)
	}
	v, err := variantFlag(o.variant)
	if err != nil {
		return nil, err
	}
	start, err := positionFlag(v, o.position)
	if err != nil {
		return nil, err
	}
	tags, err := o.tagList()
	if err != nil {
		return nil, err
	}
	if path == "" {
		path = "game-" + time.Now().Format("20060102-150405") + ".bgn"
	}
	if o.append {
		return recorder.Append(path, tags, start)
	}
	return recorder.Create(path, tags, start)
}

// tagList is the tags of a new game, each value checked: a wrong one is a usage error, before
// any file is written.
func (o recordFlags) tagList() ([]notation.Tag, error) {
	if o.date == "" {
		o.date = time.Now().Format("2006.01.02")
	}
	tags := []notation.Tag{{Name: "Event", Value: o.event}, {Name: "Site", Value: o.site},
		{Name: "Date", Value: o.date}, {Name: "Round", Value: o.round},
		{Name: "South", Value: o.south}, {Name: "North", Value: o.north}}
	for _, kv := range o.tags {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			return nil, usagef("--tag %q: want NAME=VALUE", kv)
		}
		tags = append(tags, notation.Tag{Name: name, Value: value})
	}
	tags = nonEmpty(tags)
	for _, t := range tags {
		if err := notation.CheckTagValue(t.Name, t.Value); err != nil {
			return nil, usagef("--%s: %v", strings.ToLower(t.Name), err)
		}
	}
	return tags, nil
}

func newRecordCmd(e *env) *cobra.Command {
	var o recordFlags
	c := &cobra.Command{
		Use:   "record [--variant ID] [--south NAME] [--north NAME] [--event E] [--site S] [--round R] [FILE.bgn]",
		Short: "Record a game as it is played, checking every move",
		Long: `Record a game live. Each line is a move token (omissions allowed where unambiguous) or a
command; an illegal or ambiguous move is rejected with the reason and the candidates, and
nothing is written for it. Every accepted change is on disk (written to a temporary file,
synced, renamed) before the next line is read: a crash loses at most the line being typed.
Continue an unfinished game with --resume FILE.bgn; start a new game at the end of an existing
file (an event's games, one after another) with --append FILE.bgn. Tag values are checked as
they are given (--date 1998.03.14, not 14/03/1998): a wrong one is a usage error, before any
file is written.

In a tournament, --event DIR --round N --board B records the game that 'bao event pair'
wrote for that board into the round's file, with its tags; recorders of the other boards can
write the same file at the same time. A board has one writer at a time: a second recorder of
the same board is refused with the name and pid of the one recording it.

Moves typed at the prompt need no quotes (the shell does not read them). When standard input is
not a terminal the same lines are read one by one, so a game can be
recorded from a pipe; rejected lines are reported as stdin:LINE: message and give exit code 1.

Commands:
  ` + strings.Join(recorder.Commands(), "\n  "),
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := ""
			if len(args) == 1 {
				path = args[0]
			}
			l, err := lang.Get(o.lang)
			if err != nil {
				return usagef("--lang: %w", err)
			}
			s, err := o.session(path)
			if err != nil {
				return err
			}
			defer s.Close()
			s.SetLang(l)
			return recordLoop(e, s, l, isTerminal(e.in))
		},
	}
	f := c.Flags()
	variantVar(c, &o.variant, "game")
	f.StringVar(&o.south, "south", "", "South's player")
	f.StringVar(&o.north, "north", "", "North's player")
	f.StringVar(&o.event, "event", "", "event name, or an event folder (with --round and --board)")
	f.StringVar(&o.site, "site", "", "site")
	f.StringVar(&o.round, "round", "", "round")
	f.IntVar(&o.board, "board", 0, "board of the event's round (with --event DIR)")
	f.StringVar(&o.date, "date", "", "date as YYYY.MM.DD (default: today)")
	f.StringVar(&o.position, "position", "", "set-up start position as BPN")
	f.BoolVar(&o.resume, "resume", false, "continue the unfinished (last) game in FILE.bgn")
	f.BoolVar(&o.append, "append", false, "start a new game at the end of the existing FILE.bgn")
	f.StringArrayVar(&o.tags, "tag", nil, "another tag, as NAME=VALUE (repeatable)")
	f.StringVar(&o.lang, "lang", "en", "language of what the players are told: en or sw (Kiswahili)")
	completeRecords(c)
	c.RegisterFlagCompletionFunc("tag", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var names []cobra.Completion
		for _, t := range tagNames {
			names = append(names, t+"=")
		}
		return names, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

// nonEmpty drops the tags the user did not give; the writer fills in "?" for missing roster tags.
func nonEmpty(tags []notation.Tag) []notation.Tag {
	var out []notation.Tag
	for _, t := range tags {
		if t.Value != "" {
			out = append(out, t)
		}
	}
	return out
}

// recordLoop reads lines until quit or the end of input. On a terminal it shows the board
// after every change and a prompt; from a pipe it answers each line with one line.
func recordLoop(e *env, s *recorder.Session, l *lang.Lang, interactive bool) error {
	screen := func() {
		if interactive {
			fmt.Fprintf(e.out, "\n%s\n%s\n", notation.Diagram(s.Position()), s.Status())
		}
	}
	prompt := func() {
		if interactive {
			fmt.Fprint(e.out, "> ")
		}
	}
	fmt.Fprintln(e.out, l.T("record.recording", "Path", s.Path(), "Status", s.Status()))
	screen()
	prompt()
	sc := bufio.NewScanner(e.in)
	sc.Buffer(make([]byte, 4096), 1<<20)
	rejected, quit := 0, false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		reply, err := s.Exec(line)
		switch {
		case err != nil:
			rejected++
			if interactive {
				fmt.Fprintln(e.out, l.T("record.rejected", "Error", s.Explain(err)))
			} else {
				fmt.Fprintf(e.err, "stdin:%d: %s\n", n, s.Explain(err))
			}
		case reply != "":
			fmt.Fprintln(e.out, reply)
			if !strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "board") {
				screen()
			}
		}
		if quit = recorder.IsQuit(line); quit {
			break
		}
		prompt()
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if !quit {
		fmt.Fprintln(e.out, l.T("record.saved", "Path", s.Path()))
	}
	// From a pipe a rejected line is a failed script, whether it ends by quit or not.
	if rejected > 0 && !interactive {
		return errFound
	}
	return nil
}
