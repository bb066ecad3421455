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

func newEventCmd(e *env) *cobra.Command {
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
	c.AddCommand(newEventNewCmd(e), newEventPairCmd(e), newEventResultCmd(e), newEventStandingsCmd(e),
		newEventRatingsCmd(e), newEventReportCmd(e), newEventSheetsCmd(e))
	for _, s := range c.Commands() {
		s.Args = wrapArgs(s.Args)
	}
	return c
}

func newEventNewCmd(e *env) *cobra.Command {
	var cfg event.Config
	var players []string
	c := &cobra.Command{
		Use:   "new DIR --name NAME --variant ID --format FORMAT --player NAME [--player NAME]...",
		Short: "Create an event folder with its event.toml",
		Example: `  bao event new open2026 --name "Zanzibar Open 2026" --variant kiswahili --format swiss \
    --rounds 5 --player "Ali Juma" --player "Bakari Said" --player "Chande Omar"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := variantFlag(cfg.Variant); err != nil {
				return err
			}
			for _, p := range players {
				cfg.Players = append(cfg.Players, event.Player{Name: p})
			}
			if err := event.New(args[0], cfg); err != nil {
				if errors.Is(err, event.ErrConfig) {
					return usageError{err}
				}
				return err
			}
			fmt.Fprintf(e.out, "created %s/%s: %s, %s, %d players; next: bao event pair %s\n",
				args[0], event.ConfigFile, cfg.Name, cfg.Format, len(cfg.Players), args[0])
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&cfg.Name, "name", "", "the event's name (the Event tag of its games)")
	variantVar(c, &cfg.Variant, "game")
	f.StringVar(&cfg.Format, "format", "", "round-robin, swiss, knockout or match")
	f.StringArrayVar(&players, "player", nil, "a player, in seeding order (repeat)")
	f.StringVar(&cfg.Site, "site", "", "where it is played")
	f.StringVar(&cfg.Start, "start", "", "first day, YYYY.MM.DD")
	f.StringVar(&cfg.End, "end", "", "last day, YYYY.MM.DD")
	f.IntVar(&cfg.Rounds, "rounds", 0, "rounds of a Swiss event (default: enough to find a winner)")
	f.IntVar(&cfg.Games, "games", 1, "games per pairing (a match: best of N)")
	f.IntVar(&cfg.Cycles, "cycles", 1, "2 for a double round robin")
	return c
}

func newEventPairCmd(e *env) *cobra.Command {
	var o struct {
		asJSON    bool
		url, lang string
	}
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
			dir := args[0]
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
			if o.asJSON {
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
		},
	}
	c.Flags().BoolVar(&o.asJSON, "json", false, "print the round's boards and their recording links as JSON")
	c.Flags().StringVar(&o.url, "url", "", "the server's address as the phones reach it, for the QR codes of the printed sheet")
	c.Flags().StringVar(&o.lang, "lang", "", "language of the printed sheet: en or sw (default: the folder's bao.toml, else en)")
	return c
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

func newEventResultCmd(e *env) *cobra.Command {
	var entry event.Entry
	var asJSON bool
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
			if entry.Round < 1 || entry.Board < 1 || entry.Game < 0 {
				return usagef("--round and --board are required and 1 or more")
			}
			entry.Result = args[1]
			done, err := event.SetResult(args[0], entry)
			if errors.Is(err, event.ErrBadResult) {
				return usageError{err}
			}
			if err != nil {
				return err
			}
			if asJSON {
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
		},
	}
	f := c.Flags()
	f.IntVar(&entry.Round, "round", 0, "the round")
	f.IntVar(&entry.Board, "board", 0, "the board")
	f.IntVar(&entry.Game, "game", 0, "the game of a pairing of several (default: its first without a result)")
	f.StringVar(&entry.Termination, "termination", "", "how it ended: unrecorded, resignation, agreement, forfeit, ...")
	f.BoolVar(&entry.Force, "force", false, "enter a result the recorded moves contradict")
	f.BoolVar(&asJSON, "json", false, "print what was entered as one JSON document")
	return c
}

func newEventStandingsCmd(e *env) *cobra.Command {
	var after int
	var asJSON bool
	c := &cobra.Command{
		Use:   "standings DIR [--after-round N] [--json]",
		Short: "Standings with every tie-break, the crosstable and match scores",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withEvent(e, args[0], after, func(cfg *event.Config, games []event.Game) error {
				t := event.Standings(cfg, games, after)
				if asJSON {
					return writeJSON(e.out, t)
				}
				printStandings(e, cfg, t)
				return nil
			})
		},
	}
	c.Flags().IntVar(&after, "after-round", 0, "standings after round N (default: all rounds)")
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON document")
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
// reports on the rounds up to after (0: all). What cannot count is reported on standard error
// and the command exits 1 after its output.
func withEvent(e *env, dir string, after int, run func(*event.Config, []event.Game) error) error {
	if after < 0 {
		return usagef("--after-round must be >= 0")
	}
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

func newEventRatingsCmd(e *env) *cobra.Command {
	var after int
	var asJSON bool
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
			return withEvent(e, args[0], after, func(cfg *event.Config, games []event.Game) error {
				lines := event.RatingReport(cfg, games, after)
				if asJSON {
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
		},
	}
	c.Flags().IntVar(&after, "after-round", 0, "rate the games up to round N (default: all rounds)")
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON document")
	return c
}

func newEventReportCmd(e *env) *cobra.Command {
	var after int
	var format string
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
			if format != "trf" && format != "json" {
				return usagef("--format must be trf or json, not %q", format)
			}
			return withEvent(e, args[0], after, func(cfg *event.Config, games []event.Game) error {
				if format == "trf" {
					return event.WriteTRF(e.out, cfg, games, after)
				}
				return writeJSON(e.out, event.NewReport(cfg, games, after))
			})
		},
	}
	c.Flags().IntVar(&after, "after-round", 0, "report the rounds up to N (default: all rounds)")
	c.Flags().StringVar(&format, "format", "", "trf (FIDE TRF-16) or json")
	return c
}

func newEventSheetsCmd(e *env) *cobra.Command {
	var round int
	var asPDF bool
	var paper, out, url, code string
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
			p, ok := sheets.Papers[strings.ToLower(paper)]
			if !ok {
				return usagef("--paper must be a4 or letter, not %q", paper)
			}
			if round < 1 {
				return usagef("--round is required and 1 or more")
			}
			r, err := sheets.FromEvent(args[0], round)
			if err != nil {
				return err
			}
			if r.Lang, err = sheetLang(args[0], code); err != nil {
				return err
			}
			if url != "" {
				if err := r.AddLinks(args[0], url); err != nil {
					return err
				}
			}
			var b bytes.Buffer
			if asPDF {
				err = r.PDF(&b, p)
			} else {
				err = r.HTML(&b, p)
			}
			if err != nil {
				return err
			}
			if out == "" || out == "-" {
				_, err = e.out.Write(b.Bytes())
				return err
			}
			if url != "" {
				return event.WritePrivate(out, b.Bytes())
			}
			return notation.WriteFile(out, b.Bytes())
		},
	}
	f := c.Flags()
	f.IntVar(&round, "round", 0, "the round")
	f.BoolVar(&asPDF, "pdf", false, "write a PDF instead of an HTML page")
	f.StringVar(&paper, "paper", "a4", "a4 or letter")
	f.StringVar(&out, "out", "", "the file to write (default: standard output)")
	f.StringVar(&url, "url", "", "the server's address as the phones reach it: a QR code of each board's recording link on its sheet")
	f.StringVar(&code, "lang", "", "language of the sheets: en or sw (default: the folder's bao.toml, else en)")
	return c
}
