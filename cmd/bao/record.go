package main

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/notation/recorder"
)

// recordOptions are bao record's flags and argument, and what check made of them.
type recordOptions struct {
	variant, south, north, event, site, round, date, position, lang string
	resume, append                                                  bool
	tags                                                            []string
	board                                                           int
	path                                                            string // FILE.bgn, or "" for a new name

	// set by check: the language, and the game to open: an event's board (round eventRound,
	// board board), or a new game's start and tags (neither with --resume)
	language   *lang.Lang
	isEvent    bool
	eventRound int
	start      engine.Position
	newTags    []notation.Tag
}

// check reads the flags: a wrong value or a conflict is a usage error, before any file is
// touched.
func (o *recordOptions) check() (err error) {
	if o.language, err = lang.Get(o.lang); err != nil {
		return usagef("--lang: %w", err)
	}
	if o.board > 0 || isFile(filepath.Join(o.event, event.ConfigFile)) {
		round, rerr := strconv.Atoi(o.round)
		if rerr != nil || o.board < 1 || o.path != "" || o.resume || o.append {
			return usagef("an event's game is named by --event DIR --round N --board B alone")
		}
		o.isEvent, o.eventRound = true, round
		return nil
	}
	switch {
	case o.resume && o.append:
		return usagef("--resume continues the last game, --append starts a new one: choose one")
	case o.append && o.path == "":
		return usagef("--append needs the FILE.bgn to add the game to")
	case o.resume && o.path == "":
		return usagef("--resume needs the FILE.bgn to continue")
	case o.resume:
		return nil
	}
	v, err := variantFlag(o.variant)
	if err != nil {
		return err
	}
	if o.start, err = positionFlag(v, o.position); err != nil {
		return err
	}
	if o.newTags, err = o.tagList(); err != nil {
		return err
	}
	if o.path == "" {
		o.path = "game-" + time.Now().Format("20060102-150405") + ".bgn"
	}
	return nil
}

// session opens the recorder the options ask for: an event's board, a game to resume, or a
// new game in path (at its end with --append).
func (o *recordOptions) session() (*recorder.Session, error) {
	switch {
	case o.isEvent:
		return event.Record(o.event, o.eventRound, o.board, "")
	case o.resume:
		return recorder.Resume(o.path)
	case o.append:
		return recorder.Append(o.path, o.newTags, o.start)
	}
	return recorder.Create(o.path, o.newTags, o.start)
}

// tagList is the tags of a new game, each value checked: a wrong one is a usage error, before
// any file is written.
func (o *recordOptions) tagList() ([]notation.Tag, error) {
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

// newRecordCmd is bao record; runF, if not nil, runs it instead of recording (runF).
func newRecordCmd(e *env, runF func(*recordOptions) error) *cobra.Command {
	var o recordOptions
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
			if len(args) == 1 {
				o.path = args[0]
			}
			if err := o.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			s, err := o.session()
			if err != nil {
				return err
			}
			defer s.Close()
			s.SetLang(o.language)
			return recordLoop(e, s, o.language, isTerminal(e.in))
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
