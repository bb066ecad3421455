package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/event/sheets"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site/live"
)

// newEventCmd is bao event, with its subcommands cmds.
func newEventCmd(cmds ...*cobra.Command) *cobra.Command {
	c := &cobra.Command{
		Use:   "event",
		Short: "Run a tournament: pair its rounds, enter results, standings, reports and printed sheets",
		Long: `An event is a folder with an event.toml (name, variant, format, scoring, tie-breaks,
players). Every BGN file in the folder whose Event tag is the event's name counts toward it,
by its Round ("3", "3.2" for board 2, "3.2.1" for game 1 of that pairing), South, North and
Result tags. A game with Result "*" counts for nothing yet; Termination "forfeit" (or a
result with neither moves nor a Termination) is a forfeit, "unrecorded" a game played whose
moves were not recorded, "bye" a bye, "replayed" a game voided for a replay.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return usagef("event needs a subcommand: new, pair, result, standings, ratings, report or sheets")
		},
	}
	addSubcommands(c, cmds)
	return c
}

// eventNewOptions are bao event new's flags and folder, the players in the event's settings.
type eventNewOptions struct {
	cfg     event.Config
	players []string
	dir     string
}

// check reads the folder and the players; a wrong variant is a usage error.
func (o *eventNewOptions) check(args []string) error {
	o.dir = args[0]
	if _, err := variantFlag(o.cfg.Variant); err != nil {
		return err
	}
	for _, p := range o.players {
		o.cfg.Players = append(o.cfg.Players, event.Player{Name: p})
	}
	return nil
}

// newEventNewCmd is bao event new; runF, if not nil, runs it instead of making the event.
func newEventNewCmd(e *env, runF func(*eventNewOptions) error) *cobra.Command {
	var o eventNewOptions
	c := &cobra.Command{
		Use:   "new DIR --name NAME --variant ID --format FORMAT --player NAME [--player NAME]...",
		Short: "Create an event folder with its event.toml",
		Example: `  bao event new open2026 --name "Zanzibar Open 2026" --variant kiswahili --format swiss \
    --rounds 5 --player "Ali Juma" --player "Bakari Said" --player "Chande Omar"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return eventNewRun(e, &o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.cfg.Name, "name", "", "the event's name (the Event tag of its games)")
	variantVar(c, &o.cfg.Variant, "game")
	f.StringVar(&o.cfg.Format, "format", "", "round-robin, swiss, knockout or match")
	f.StringArrayVar(&o.players, "player", nil, "a player, in seeding order (repeat)")
	f.StringVar(&o.cfg.Site, "site", "", "where it is played")
	f.StringVar(&o.cfg.Start, "start", "", "first day, YYYY.MM.DD")
	f.StringVar(&o.cfg.End, "end", "", "last day, YYYY.MM.DD")
	f.IntVar(&o.cfg.Rounds, "rounds", 0, "rounds of a Swiss event (default: enough to find a winner)")
	f.IntVar(&o.cfg.Games, "games", 1, "games per pairing (a match: best of N)")
	f.IntVar(&o.cfg.Cycles, "cycles", 1, "2 for a double round robin")
	return c
}

// eventNewRun makes the event's folder and its event.toml; settings event.New refuses are a
// usage error.
func eventNewRun(e *env, o *eventNewOptions) error {
	cfg := o.cfg
	if err := event.New(o.dir, cfg); err != nil {
		if errors.Is(err, event.ErrConfig) {
			return usageError{err}
		}
		return err
	}
	fmt.Fprintf(e.out, "created %s/%s: %s, %s, %d players; next: bao event pair %s\n",
		o.dir, event.ConfigFile, cfg.Name, cfg.Format, len(cfg.Players), o.dir)
	return nil
}

// eventPairOptions are bao event pair's flags and folder.
type eventPairOptions struct {
	json      bool
	url, lang string
	dir       string
}

// check reads the folder; an unknown language is a usage error.
func (o *eventPairOptions) check(args []string) error {
	o.dir = args[0]
	return langCode(o.lang)
}

// newEventPairCmd is bao event pair; runF, if not nil, runs it instead of pairing.
func newEventPairCmd(e *env, runF func(*eventPairOptions) error) *cobra.Command {
	var o eventPairOptions
	c := &cobra.Command{
		Use:   "pair DIR [--json] [--url http://HOST:PORT] [--lang sw]",
		Short: "Write the next round's pairings as a BGN file of game stubs",
		Long: `Pair the next round: round robins by the Berger tables, Swiss events by score groups
with no repeated pairing and South/North balanced, knockouts by seed and then winners,
matches game by game until one player has won. The round is written as round-NN.bgn, one
game stub per board with every tag set and Result "*"; a bye is written as a game won without
play (Termination "bye"). A round is paired only when every game of the previous one has a
result.

Each board gets a secret recording link, /record/<secret>, printed with its pairing: under
bao serve DIR it is the board's recording page for a phone, and the only way to write that
board. The event's first pairing also makes an arbiter link, which may write every board.
The links are kept for the organiser in DIR/_links (round-NN.json, arbiter.json) with a
printable sheet, round-NN.html (in English, or in Kiswahili with --lang sw), one QR code
per board when --url gives the address the phones will use; the server keeps only their hashes (DIR/.links.json). --json prints
{"round":N,"boards":[{"board":B,"south":…,"north":…,"link":"/record/<secret>"}],
"arbiter":"/record/<secret>"}.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return eventPairRun(e, &o)
		},
	}
	c.Flags().BoolVar(&o.json, "json", false, "print the round's boards and their recording links as JSON")
	c.Flags().StringVar(&o.url, "url", "", "the server's address as the phones reach it, for the QR codes of the printed sheet")
	c.Flags().StringVar(&o.lang, "lang", "", "language of the printed sheet: en or sw (default: the folder's bao.toml, else en)")
	return c
}

// eventPairRun pairs the next round and prints its boards with their recording links.
func eventPairRun(e *env, o *eventPairOptions) error {
	dir := o.dir
	path, r, err := event.Pair(dir)
	if err != nil {
		return err
	}
	links, err := event.Links(dir, r.Number)
	if err != nil {
		return err
	}
	sheet, err := writeLinkSheet(dir, links, o.url, o.lang)
	if err != nil {
		return err
	}
	arbiter, err := event.ArbiterLink(dir)
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(e.out, struct {
			*event.RoundLinks
			Arbiter string `json:"arbiter"`
		}{links, arbiter})
	}
	fmt.Fprintf(e.out, "round %d: %s\n", r.Number, path)
	for _, b := range r.Boards {
		if b.North == "" {
			fmt.Fprintf(e.out, "  board %d: %s (bye)\n", b.Board, b.South)
			continue
		}
		fmt.Fprintf(e.out, "  board %d: %s (South) - %s (North)  %s\n", b.Board, b.South, b.North, linkOf(links, b.Board))
	}
	fmt.Fprintf(e.out, "arbiter (every board): %s\n", arbiter)
	fmt.Fprintf(e.out, "links to print: %s\n", sheet)
	return nil
}

// linkOf is the recording link of board b, "" for none.
func linkOf(l *event.RoundLinks, b int) string {
	for _, x := range l.Boards {
		if x.Board == b {
			return x.Link
		}
	}
	return ""
}

// eventResultOptions are bao event result's flags and arguments.
type eventResultOptions struct {
	entry event.Entry
	json  bool
	dir   string
}

// check reads the folder and the result; no round or board is a usage error.
func (o *eventResultOptions) check(args []string) error {
	if o.entry.Round < 1 || o.entry.Board < 1 || o.entry.Game < 0 {
		return usagef("--round and --board are required and 1 or more")
	}
	o.dir, o.entry.Result = args[0], args[1]
	return nil
}

// newEventResultCmd is bao event result; runF, if not nil, runs it instead of entering the
// result.
func newEventResultCmd(e *env, runF func(*eventResultOptions) error) *cobra.Command {
	var o eventResultOptions
	c := &cobra.Command{
		Use:   "result DIR --round N --board B RESULT [--termination WORD] [--force]",
		Short: "Enter or correct the result of a board",
		Long: `Enter the result of board B of round N (1-0, 0-1 or 1/2-1/2), or correct it. The board's
record gets the Result and Termination tags, and a Date if it had none. A board without
moves gets Termination "unrecorded" (played over the board, moves not recorded) unless
--termination names another (forfeit, resignation, agreement, ...). A board with moves takes
a result the moves agree with (as an adjudication, unless --termination says otherwise, when
the game has not ended on the board); one the board contradicts (the game ended there with
another result) is refused unless --force. A correction leaves a comment in the record saying what
the result was and when it was changed. The file is written under the event's lock, as the
recorders write theirs.`,
		Example: `  bao event result open2026 --round 2 --board 3 1-0
  bao event result open2026 --round 2 --board 3 0-1 --termination forfeit`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return eventResultRun(e, &o)
		},
	}
	f := c.Flags()
	f.IntVar(&o.entry.Round, "round", 0, "the round")
	f.IntVar(&o.entry.Board, "board", 0, "the board")
	f.IntVar(&o.entry.Game, "game", 0, "the game of a pairing of several (default: its first without a result)")
	f.StringVar(&o.entry.Termination, "termination", "", "how it ended: unrecorded, resignation, agreement, forfeit, ...")
	f.BoolVar(&o.entry.Force, "force", false, "enter a result the recorded moves contradict")
	f.BoolVar(&o.json, "json", false, "print what was entered as one JSON document")
	return c
}

// eventResultRun enters the result into the board's record and says what it entered; a
// result event.SetResult does not know is a usage error.
func eventResultRun(e *env, o *eventResultOptions) error {
	done, err := event.SetResult(o.dir, o.entry)
	if errors.Is(err, event.ErrBadResult) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	if o.json {
		return writeJSON(e.out, done)
	}
	how := done.Result
	if done.Termination != "" {
		how += " (" + done.Termination + ")"
	}
	fmt.Fprintf(e.out, "round %s: %s - %s %s", done.Round, done.South, done.North, how)
	if done.Was != "*" {
		fmt.Fprintf(e.out, ", was %s", done.Was)
	}
	fmt.Fprintf(e.out, " [%s]\n", done.File)
	return nil
}

// eventRoundsOptions are the flags and folder of a command that reports on an event's rounds
// (bao event standings, ratings, report).
type eventRoundsOptions struct {
	dir   string
	after int
	json  bool
}

// check reads the folder; a negative round is a usage error.
func (o *eventRoundsOptions) check(args []string) error {
	o.dir = args[0]
	if o.after < 0 {
		return usagef("--after-round must be >= 0")
	}
	return nil
}

// newEventStandingsCmd is bao event standings; runF, if not nil, runs it instead of the
// standings.
func newEventStandingsCmd(e *env, runF func(*eventRoundsOptions) error) *cobra.Command {
	var o eventRoundsOptions
	c := &cobra.Command{
		Use:   "standings DIR [--after-round N] [--json]",
		Short: "Standings with every tie-break, the crosstable and match scores",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return withEvent(e, o.dir, func(cfg *event.Config, games []event.Game) error {
				t := event.Standings(cfg, games, o.after)
				if o.json {
					return writeJSON(e.out, t)
				}
				printStandings(e, cfg, t)
				return nil
			})
		},
	}
	c.Flags().IntVar(&o.after, "after-round", 0, "standings after round N (default: all rounds)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON document")
	return c
}

func printStandings(e *env, cfg *event.Config, t *event.Table) {
	if t.Round == 0 {
		fmt.Fprintf(e.out, "%s, no results yet\n\n", t.Event)
	} else {
		fmt.Fprintf(e.out, "%s, after round %d\n\n", t.Event, t.Round)
	}
	w := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
	head := []string{"rank", "player", "points", "games"}
	for _, tb := range cfg.TieBreak {
		head = append(head, tb)
	}
	if t.Cross != nil {
		for i := range t.Standings {
			head = append(head, fmt.Sprint(i+1))
		}
	} else { // past event.MaxCross players: a column for each round, not for each player
		for r := 1; r <= t.Round; r++ {
			head = append(head, fmt.Sprint("r", r))
		}
	}
	fmt.Fprintln(w, strings.Join(head, "\t"))
	for i, s := range t.Standings {
		row := []string{fmt.Sprint(s.Rank), s.Player, event.FormatPoints(s.Points), fmt.Sprint(s.Games)}
		for _, tb := range cfg.TieBreak {
			row = append(row, event.FormatPoints(s.TieBreaks[tb]))
		}
		cells := t.Cross
		if cells == nil {
			cells = t.Rounds
		}
		for j, cell := range cells[i] {
			if i == j && t.Cross != nil {
				cell = "x"
			} else if cell == "" {
				cell = "."
			}
			row = append(row, cell)
		}
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
	w.Flush()
	for _, m := range t.Matches {
		state := "undecided"
		if m.Winner != "" {
			state = m.Winner + " wins"
		}
		fmt.Fprintf(e.out, "\nround %d board %d: %s %s - %s %s (%d games, %s)", m.Round, m.Board, m.A,
			event.FormatPoints(m.Score[0]), event.FormatPoints(m.Score[1]), m.B, m.Games, state)
	}
	if len(t.Matches) > 0 {
		fmt.Fprintln(e.out)
	}
}

// writeLinkSheet writes the printable sheet of a round's links (live.WriteSheet) in language
// code (sheetLang).
func writeLinkSheet(dir string, links *event.RoundLinks, base, code string) (string, error) {
	c, err := event.Load(dir)
	if err != nil {
		return "", err
	}
	l, err := sheetLang(dir, code)
	if err != nil {
		return "", err
	}
	return live.WriteSheet(dir, c.Name, links, base, l)
}

// langCode checks a --lang that names one language; "" leaves it to the folder's bao.toml.
func langCode(code string) error {
	if code == "" {
		return nil
	}
	if _, err := lang.Get(code); err != nil {
		return usagef("--lang: %v", err)
	}
	return nil
}

// sheetLang is the language of a printed sheet of the event in dir: --lang's code, else the
// first of the folder's bao.toml, else English.
func sheetLang(dir, code string) (*lang.Lang, error) {
	if code == "" {
		set, err := archive.ReadSettings(os.DirFS(dir))
		if err != nil {
			return nil, err
		}
		if len(set.Lang) > 0 {
			code = set.Lang[0]
		}
	}
	l, err := lang.Get(code)
	if err != nil {
		return nil, usagef("--lang: %v", err)
	}
	return l, nil
}

// withEvent reads the event of dir and its games and runs run on them, for a command that
// reports on its rounds. What cannot count is reported on standard error and the command
// exits 1 after its output.
func withEvent(e *env, dir string, run func(*event.Config, []event.Game) error) error {
	cfg, err := event.Load(dir)
	if err != nil {
		return err
	}
	games, problems, err := event.Games(dir, cfg)
	if err != nil {
		return err
	}
	for _, p := range problems {
		fmt.Fprintf(e.err, "%v\n", p)
	}
	if err := run(cfg, games); err != nil {
		return err
	}
	if len(problems) > 0 {
		return errFound
	}
	return nil
}

// newEventRatingsCmd is bao event ratings; runF, if not nil, runs it instead of the report.
func newEventRatingsCmd(e *env, runF func(*eventRoundsOptions) error) *cobra.Command {
	var o eventRoundsOptions
	c := &cobra.Command{
		Use:   "ratings DIR [--after-round N] [--json]",
		Short: "The event's rating report: rating before, performance, change",
		Long: `Rate the event's games by Elo, every player from the rating before the event (event.toml's
rating, or [rating] initial, 1500 by default) with the event's K ([rating] k, 20 by
default): for each player the games rated (forfeits and byes are not), the score in them,
the opponents' average rating, the performance (that average plus 400 times wins minus
losses over games), the change and the rating after.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return eventRatingsRun(e, &o)
		},
	}
	c.Flags().IntVar(&o.after, "after-round", 0, "rate the games up to round N (default: all rounds)")
	c.Flags().BoolVar(&o.json, "json", false, "print one JSON document")
	return c
}

// eventRatingsRun prints the event's rating report.
func eventRatingsRun(e *env, o *eventRoundsOptions) error {
	return withEvent(e, o.dir, func(cfg *event.Config, games []event.Game) error {
		lines := event.RatingReport(cfg, games, o.after)
		if o.json {
			return writeJSON(e.out, map[string]any{"event": cfg.Name, "k": cfg.Rating.K, "ratings": lines})
		}
		fmt.Fprintf(e.out, "%s: rating report, K = %s\n\n", cfg.Name, event.FormatPoints(cfg.Rating.K))
		w := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "player\tbefore\tgames\tscore\topponents\tperformance\tchange\tafter\t")
		for _, l := range lines {
			perf, opp, change := "-", "-", "0"
			if l.Games > 0 {
				perf, opp = event.FormatRating(l.Performance), event.FormatRating(l.Opponents)
				change = fmt.Sprintf("%+.1f", l.Change)
			}
			fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t\n", l.Player, event.FormatRating(l.Before), l.Games,
				event.FormatPoints(l.Score), opp, perf, change, event.FormatRating(l.After))
		}
		return w.Flush()
	})
}

// eventReportOptions are bao event report's flags and folder.
type eventReportOptions struct {
	eventRoundsOptions
	format string
}

// newEventReportCmd is bao event report; runF, if not nil, runs it instead of the report.
func newEventReportCmd(e *env, runF func(*eventReportOptions) error) *cobra.Command {
	var o eventReportOptions
	c := &cobra.Command{
		Use:   "report DIR --format trf|json [--after-round N]",
		Short: "The event as a report file for other programs: FIDE TRF-16, or JSON",
		Long: `Write the event to standard output as a report other software reads: --format trf, a FIDE
Tournament Report File (TRF-16), one 001 line per player in the columns TRF-16 fixes, with
the changes a Bao event needs (docs/events.md says which); --format json, the settings,
every round's games and byes, the standings and the rating report as one JSON document.`,
		Example: `  bao event report open2026 --format trf > open2026.trf`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.format != "trf" && o.format != "json" {
				return usagef("--format must be trf or json, not %q", o.format)
			}
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return withEvent(e, o.dir, func(cfg *event.Config, games []event.Game) error {
				if o.format == "trf" {
					return event.WriteTRF(e.out, cfg, games, o.after)
				}
				return writeJSON(e.out, event.NewReport(cfg, games, o.after))
			})
		},
	}
	c.Flags().IntVar(&o.after, "after-round", 0, "report the rounds up to N (default: all rounds)")
	c.Flags().StringVar(&o.format, "format", "", "trf (FIDE TRF-16) or json")
	return c
}

// eventSheetsOptions are bao event sheets' flags and folder, the paper read by check.
type eventSheetsOptions struct {
	round                     int
	pdf                       bool
	paperName, out, url, lang string
	paper                     sheets.Paper
	dir                       string
}

// check reads the folder and the paper; an unknown paper or language, or no round, is a
// usage error.
func (o *eventSheetsOptions) check(args []string) error {
	o.dir = args[0]
	p, ok := sheets.Papers[strings.ToLower(o.paperName)]
	if !ok {
		return usagef("--paper must be a4 or letter, not %q", o.paperName)
	}
	o.paper = p
	if o.round < 1 {
		return usagef("--round is required and 1 or more")
	}
	return langCode(o.lang)
}

// newEventSheetsCmd is bao event sheets; runF, if not nil, runs it instead of writing the
// sheets.
func newEventSheetsCmd(e *env, runF func(*eventSheetsOptions) error) *cobra.Command {
	var o eventSheetsOptions
	c := &cobra.Command{
		Use:   "sheets DIR --round N [--pdf] [--paper a4|letter] [--url http://HOST:PORT] [--lang sw] [--out FILE]",
		Short: "Print a round's pairing list and a score sheet per board (HTML or PDF)",
		Long: `Write the sheets of round N to hand out: the pairing list (boards, players, ratings, results
so far, byes), then a score sheet per board with the players, numbered move lines for South
and North, the result to tick and the signatures of both players and the arbiter. Without
--pdf it is one HTML page with a print stylesheet: print it from a browser, each sheet on a
page. With --pdf it is a PDF, the pairing list on page 1 and a page per board. With --url
(the address of bao serve as the phones reach it, as for bao event pair) each score sheet
carries the QR code of its board's recording link: whoever holds it can write that board, so
the file is written readable by its owner only, and each sheet goes to its board alone. The
sheets are in English, or in Kiswahili with --lang sw (or lang = "sw" in DIR/bao.toml).`,
		Example: `  bao event sheets open2026 --round 3 --pdf --out round-3.pdf
  bao event sheets open2026 --round 3 --paper letter > round-3.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(args); err != nil {
				return err
			}
			if runF != nil {
				return runF(&o)
			}
			return eventSheetsRun(e, &o)
		},
	}
	f := c.Flags()
	f.IntVar(&o.round, "round", 0, "the round")
	f.BoolVar(&o.pdf, "pdf", false, "write a PDF instead of an HTML page")
	f.StringVar(&o.paperName, "paper", "a4", "a4 or letter")
	f.StringVar(&o.out, "out", "", "the file to write (default: standard output)")
	f.StringVar(&o.url, "url", "", "the server's address as the phones reach it: a QR code of each board's recording link on its sheet")
	f.StringVar(&o.lang, "lang", "", "language of the sheets: en or sw (default: the folder's bao.toml, else en)")
	return c
}

// eventSheetsRun writes the round's sheets, readable by their owner only when they carry the
// recording links.
func eventSheetsRun(e *env, o *eventSheetsOptions) error {
	r, err := sheets.FromEvent(o.dir, o.round)
	if err != nil {
		return err
	}
	if r.Lang, err = sheetLang(o.dir, o.lang); err != nil {
		return err
	}
	if o.url != "" {
		if err := r.AddLinks(o.dir, o.url); err != nil {
			return err
		}
	}
	var b bytes.Buffer
	if o.pdf {
		err = r.PDF(&b, o.paper)
	} else {
		err = r.HTML(&b, o.paper)
	}
	if err != nil {
		return err
	}
	if o.out == "" || o.out == "-" {
		_, err = e.out.Write(b.Bytes())
		return err
	}
	if o.url != "" {
		return event.WritePrivate(o.out, b.Bytes())
	}
	return notation.WriteFile(o.out, b.Bytes())
}
