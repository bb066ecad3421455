package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/analysis/batch"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event/sheets"
	"github.com/bao-archive/bao/notation"
)

// parseOnly reads the command line args with the one command that make builds, its runF
// keeping the options instead of running: it returns the exit code and standard error.
func parseOnly(t *testing.T, args []string, make func(e *env) *cobra.Command) (code int, stderr string) {
	t.Helper()
	var errOut strings.Builder
	e := &env{in: strings.NewReader(""), out: io.Discard, err: &errOut}
	code = execute(newRoot(e, make(e)), args, &errOut)
	return code, errOut.String()
}

// parseCase is a command line and what reading it gives: the exit code, words of standard
// error, and a check of the options (when it is read without error).
type parseCase[O any] struct {
	name   string
	args   []string
	code   int
	stderr string
	check  func(*testing.T, *O)
}

// runParseCases reads each case's command line with the command newCmd makes, its runF keeping
// the options.
func runParseCases[O any](t *testing.T, cases []parseCase[O], newCmd func(*env, func(*O) error) *cobra.Command) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got *O
			code, stderr := parseOnly(t, c.args, func(e *env) *cobra.Command {
				return newCmd(e, func(o *O) error { got = o; return nil })
			})
			if code != c.code || !strings.Contains(stderr, c.stderr) {
				t.Fatalf("exit %d, %q; want %d with %q", code, stderr, c.code, c.stderr)
			}
			if c.code != 0 && got != nil {
				t.Error("an error ran the command")
			}
			if c.check != nil {
				c.check(t, got)
			}
		})
	}
}

// TestRecordFlags: bao record's flags read without recording: the defaults, the conflicts
// and wrong values (usage errors, exit 2, no file written), an event's board.
func TestRecordFlags(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "open")
	os.Mkdir(ev, 0o755)
	os.WriteFile(filepath.Join(ev, "event.toml"), []byte("name = \"x\"\n"), 0o644)
	cases := []parseCase[recordOptions]{
		{"defaults", []string{"record", "--variant", "kete"}, 0, "", func(t *testing.T, o *recordOptions) {
			if o.language.Code() != "en" || o.resume || o.append || o.isEvent || !strings.HasPrefix(o.path, "game-") ||
				o.start != engine.Kete.Start() || !slices.ContainsFunc(o.newTags, func(tg notation.Tag) bool { return tg.Name == "Date" }) {
				t.Errorf("%+v", o)
			}
		}},
		{"a file and tags", []string{"record", "--variant", "kingulu", "--south", "Ali", "--tag", "Annotator=me", "g.bgn"}, 0, "", func(t *testing.T, o *recordOptions) {
			if o.path != "g.bgn" || o.start != engine.Kingulu.Start() || len(o.newTags) != 3 {
				t.Errorf("%+v", o)
			}
		}},
		{"resume", []string{"record", "--resume", "g.bgn"}, 0, "", func(t *testing.T, o *recordOptions) {
			if !o.resume || o.path != "g.bgn" || o.newTags != nil {
				t.Errorf("%+v", o)
			}
		}},
		{"an event's board", []string{"record", "--event", ev, "--round", "2", "--board", "3"}, 0, "", func(t *testing.T, o *recordOptions) {
			if !o.isEvent || o.eventRound != 2 || o.board != 3 {
				t.Errorf("%+v", o)
			}
		}},
		{"resume and append", []string{"record", "--resume", "--append", "g.bgn"}, 2, "choose one", nil},
		{"append without a file", []string{"record", "--append", "--variant", "kingulu"}, 2, "--append needs the FILE.bgn", nil},
		{"resume without a file", []string{"record", "--resume"}, 2, "--resume needs the FILE.bgn", nil},
		{"no variant", []string{"record", "g.bgn"}, 2, "--variant is required", nil},
		{"unknown variant", []string{"record", "--variant", "chess"}, 2, "chess", nil},
		{"a wrong date", []string{"record", "--variant", "kete", "--date", "14/03/1998"}, 2, "--date", nil},
		{"a tag without =", []string{"record", "--variant", "kete", "--tag", "Annotator"}, 2, "NAME=VALUE", nil},
		{"a wrong position", []string{"record", "--variant", "kete", "--position", "1,2,3"}, 2, "", nil},
		{"an unknown language", []string{"record", "--variant", "kete", "--lang", "fr"}, 2, "--lang", nil},
		{"an event's board and a file", []string{"record", "--event", ev, "--round", "2", "--board", "3", "g.bgn"}, 2, "--event DIR --round N --board B alone", nil},
		{"two files", []string{"record", "a.bgn", "b.bgn"}, 2, "", nil},
		{"an unknown flag", []string{"record", "--nosuch"}, 2, "--nosuch", nil},
	}
	runParseCases(t, cases, newRecordCmd)
	if files, _ := filepath.Glob("*.bgn"); len(files) > 0 {
		t.Errorf("reading flags wrote %v", files)
	}
}

// TestSearchFlags: bao search's arguments and flags read into the query without searching.
func TestSearchFlags(t *testing.T) {
	dir := t.TempDir()
	cases := []parseCase[searchOptions]{
		{"defaults", []string{"search"}, 0, "", func(t *testing.T, o *searchOptions) {
			if o.root != "." || o.q.Text != "" || o.limit != 20 || o.q.Limit != 20 || o.offset != 0 || o.json || o.export != "" {
				t.Errorf("%+v", o)
			}
		}},
		{"a folder", []string{"search", dir}, 0, "", func(t *testing.T, o *searchOptions) {
			if o.root != dir || o.q.Text != "" {
				t.Errorf("%+v", o)
			}
		}},
		{"a query", []string{"search", "zanzibar"}, 0, "", func(t *testing.T, o *searchOptions) {
			if o.root != "." || o.q.Text != "zanzibar" {
				t.Errorf("%+v", o)
			}
		}},
		{"a folder and moves", []string{"search", dir, "x", "--variant", "kingulu", "--after", "A3  a4", "--played", "A3", "--limit", "5", "--offset", "10"}, 0, "", func(t *testing.T, o *searchOptions) {
			if o.root != dir || o.q.Text != "x" || !slices.Equal(o.q.After, []string{"A3", "a4"}) || !slices.Equal(o.q.Played, []string{"A3"}) ||
				o.q.Limit != 5 || o.q.Offset != 10 {
				t.Errorf("%+v", o)
			}
		}},
		{"moves without a variant", []string{"search", dir, "--after", "A3"}, 2, "need --variant", nil},
		{"a pattern without a variant", []string{"search", dir, "--pattern", "x"}, 2, "need --variant", nil},
		{"no hits per page", []string{"search", dir, "--limit", "0"}, 2, "--limit must be >= 1", nil},
		{"a negative offset", []string{"search", dir, "--offset", "-1"}, 2, "--offset >= 0", nil},
		{"not a number", []string{"search", dir, "--limit", "many"}, 2, "--limit", nil},
		{"three arguments", []string{"search", dir, "a", "b"}, 2, "", nil},
		{"no such folder", []string{"search", filepath.Join(dir, "nosuch"), "q"}, 1, "nosuch", nil},
	}
	runParseCases(t, cases, newSearchCmd)
}

// TestFmtFlags: bao fmt's files and flags; -w on standard input is refused before any file
// is rewritten.
func TestFmtFlags(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.bgn")
	os.WriteFile(a, []byte("[Variant \"kingulu\"]\n\nA3 *\n"), 0o644)
	cases := []parseCase[fmtOptions]{
		{"defaults", []string{"fmt", a}, 0, "", func(t *testing.T, o *fmtOptions) {
			if o.write || o.dropEscapes || o.force || !slices.Equal(o.paths, []string{a}) {
				t.Errorf("%+v", o)
			}
		}},
		{"a folder", []string{"fmt", "-w", "--force", dir}, 0, "", func(t *testing.T, o *fmtOptions) {
			if !o.write || !o.force || !slices.Equal(o.paths, []string{a}) {
				t.Errorf("%+v", o)
			}
		}},
		{"standard input", []string{"fmt", "-"}, 0, "", nil},
		{"-w on standard input", []string{"fmt", "-w", a, "-"}, 2, "-w cannot rewrite standard input", nil},
		{"no file", []string{"fmt"}, 2, "", nil},
	}
	runParseCases(t, cases, newFmtCmd)
}

// under puts a subcommand's constructor under its group (bao event, bao site), as bao has it.
func under[O any](group func(...*cobra.Command) *cobra.Command, sub func(*env, func(*O) error) *cobra.Command) func(*env, func(*O) error) *cobra.Command {
	return func(e *env, runF func(*O) error) *cobra.Command { return group(sub(e, runF)) }
}

// recordsDir is a folder holding one record file, a.bgn, which it returns with the folder.
func recordsDir(t *testing.T) (dir, file string) {
	dir = t.TempDir()
	file = filepath.Join(dir, "a.bgn")
	if err := os.WriteFile(file, []byte("[Variant \"kingulu\"]\n\nA3 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, file
}

// TestVariantsFlags: bao variants' flags.
func TestVariantsFlags(t *testing.T) {
	runParseCases(t, []parseCase[variantsOptions]{
		{"defaults", []string{"variants"}, 0, "", func(t *testing.T, o *variantsOptions) {
			if o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"json", []string{"variants", "--json"}, 0, "", func(t *testing.T, o *variantsOptions) {
			if !o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"an argument", []string{"variants", "kete"}, 2, "kete", nil},
		{"a value for --json", []string{"variants", "--json=maybe"}, 2, "--json", nil},
	}, newVariantsCmd)
}

// TestMovesFlags: bao moves reads --variant and --position before it lists anything: an unknown
// variant or a wrong position is a usage error naming the flag.
func TestMovesFlags(t *testing.T) {
	kingulu := engine.Kingulu.Start().String()
	runParseCases(t, []parseCase[movesOptions]{
		{"the start", []string{"moves", "--variant", "kingulu"}, 0, "", func(t *testing.T, o *movesOptions) {
			if o.v != engine.Kingulu || o.p != engine.Kingulu.Start() || o.batch || o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"a position", []string{"moves", "--variant", "bao-kingulu", "--position", kingulu, "--json"}, 0, "", func(t *testing.T, o *movesOptions) {
			if o.v != engine.Kingulu || o.p.String() != kingulu || !o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"standard input", []string{"moves", "--variant", "kete", "--position", "-"}, 0, "", func(t *testing.T, o *movesOptions) {
			if !o.batch || o.v != engine.Kete {
				t.Errorf("%+v", o)
			}
		}},
		{"no variant", []string{"moves"}, 2, "--variant is required", nil},
		{"unknown variant", []string{"moves", "--variant", "chess"}, 2, "--variant: unknown variant", nil},
		{"a wrong position", []string{"moves", "--variant", "kingulu", "--position", "1,2,3"}, 2, "--position", nil},
		{"an argument", []string{"moves", "--variant", "kingulu", "A3"}, 2, "A3", nil},
	}, newMovesCmd)
}

// TestPlayFlags: bao play's flags.
func TestPlayFlags(t *testing.T) {
	kingulu := engine.Kingulu.Start().String()
	runParseCases(t, []parseCase[playOptions]{
		{"moves", []string{"play", "--variant", "kingulu", "--trace", "A3 a1", "A4"}, 0, "", func(t *testing.T, o *playOptions) {
			if o.v != engine.Kingulu || o.start != engine.Kingulu.Start() || !o.trace || o.json || !slices.Equal(o.moves, []string{"A3 a1", "A4"}) {
				t.Errorf("%+v", o)
			}
		}},
		{"standard input", []string{"play", "--variant", "kingulu", "--json", "--position", kingulu}, 0, "", func(t *testing.T, o *playOptions) {
			if len(o.moves) != 0 || !o.json || o.start.String() != kingulu {
				t.Errorf("%+v", o)
			}
		}},
		{"no variant", []string{"play", "A3"}, 2, "--variant is required", nil},
		{"a wrong position", []string{"play", "--variant", "kete", "--position", "x"}, 2, "--position", nil},
	}, newPlayCmd)
}

// TestSelfplayFlags: bao selfplay's series: the games of a seed, or one game of it.
func TestSelfplayFlags(t *testing.T) {
	runParseCases(t, []parseCase[selfplayOptions]{
		{"defaults", []string{"selfplay", "--variant", "kimasai"}, 0, "", func(t *testing.T, o *selfplayOptions) {
			if o.v != engine.Kimasai || o.first != 0 || o.last != 1 || o.seed != 1 || o.maxPlies != 2000 || o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"games", []string{"selfplay", "--variant", "kimasai", "--games", "10", "--seed", "7", "--json"}, 0, "", func(t *testing.T, o *selfplayOptions) {
			if o.first != 0 || o.last != 10 || o.seed != 7 || !o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"one game of a series", []string{"selfplay", "--variant", "kimasai", "--seed", "7", "--game", "3"}, 0, "", func(t *testing.T, o *selfplayOptions) {
			if o.first != 2 || o.last != 3 {
				t.Errorf("%+v", o)
			}
		}},
		{"negative games", []string{"selfplay", "--variant", "kete", "--games", "-1"}, 2, "--games", nil},
		{"no plies", []string{"selfplay", "--variant", "kete", "--max-plies", "0"}, 2, "--max-plies", nil},
		{"a negative seed", []string{"selfplay", "--variant", "kete", "--seed", "-1"}, 2, "--seed", nil},
		{"no variant", []string{"selfplay"}, 2, "--variant is required", nil},
	}, newSelfplayCmd)
}

// TestBestmoveFlags: bao bestmove's limits, read before a search starts.
func TestBestmoveFlags(t *testing.T) {
	runParseCases(t, []parseCase[bestmoveOptions]{
		{"defaults", []string{"bestmove", "--variant", "kiswahili"}, 0, "", func(t *testing.T, o *bestmoveOptions) {
			if o.v != engine.Kiswahili || o.p != engine.Kiswahili.Start() || o.lim.MoveTime != time.Second || o.lim.MultiPV != 1 || o.lim.Threads != 1 || o.batch {
				t.Errorf("%+v", o)
			}
		}},
		{"a depth and lines", []string{"bestmove", "--variant", "kingulu", "--depth", "6", "--multipv", "3", "--position", "-"}, 0, "", func(t *testing.T, o *bestmoveOptions) {
			if o.lim.Depth != 6 || o.lim.MoveTime != 0 || o.lim.MultiPV != 3 || !o.batch {
				t.Errorf("%+v", o)
			}
		}},
		{"no lines", []string{"bestmove", "--variant", "kingulu", "--multipv", "0"}, 2, "--multipv", nil},
		{"a negative depth", []string{"bestmove", "--variant", "kingulu", "--depth", "-2"}, 2, "--depth", nil},
		{"too large a table", []string{"bestmove", "--variant", "kingulu", "--hash", "1000000"}, 2, "--hash", nil},
		{"a wrong position", []string{"bestmove", "--variant", "kingulu", "--position", "1"}, 2, "--position", nil},
	}, newBestmoveCmd)
}

// TestIndexFlags: bao index's archive (the current folder unless given) and flags.
func TestIndexFlags(t *testing.T) {
	dir := t.TempDir()
	runParseCases(t, []parseCase[indexOptions]{
		{"defaults", []string{"index"}, 0, "", func(t *testing.T, o *indexOptions) {
			if o.root != "." || o.index != "" || o.shards != 0 || o.rebuild || o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"a folder", []string{"index", dir, "--shards", "2", "--rebuild", "--json", "--index", "ix"}, 0, "", func(t *testing.T, o *indexOptions) {
			if o.root != dir || o.shards != 2 || !o.rebuild || !o.json || o.index != "ix" {
				t.Errorf("%+v", o)
			}
		}},
		{"negative shards", []string{"index", dir, "--shards", "-1"}, 2, "--shards", nil},
		{"two folders", []string{"index", dir, dir}, 2, "", nil},
	}, newIndexCmd)
}

// TestExploreFlags: bao explore's flags.
func TestExploreFlags(t *testing.T) {
	dir := t.TempDir()
	runParseCases(t, []parseCase[exploreOptions]{
		{"the start", []string{"explore", "--variant", "kiswahili"}, 0, "", func(t *testing.T, o *exploreOptions) {
			if o.root != "." || o.q.Variant != "kiswahili" || len(o.q.After) != 0 || o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"after moves", []string{"explore", dir, "--variant", "kingulu", "--after", "A3  a4", "--player", "Ali", "--since", "1990"}, 0, "", func(t *testing.T, o *exploreOptions) {
			if o.root != dir || !slices.Equal(o.q.After, []string{"A3", "a4"}) || o.q.Player != "Ali" || o.q.Since != "1990" {
				t.Errorf("%+v", o)
			}
		}},
		{"no variant", []string{"explore", dir}, 2, "--variant is required", nil},
		{"unknown variant", []string{"explore", dir, "--variant", "chess"}, 2, "--variant", nil},
	}, newExploreCmd)
}

// TestPlayersFlags: bao players' flags.
func TestPlayersFlags(t *testing.T) {
	dir := t.TempDir()
	runParseCases(t, []parseCase[playersOptions]{
		{"defaults", []string{"players"}, 0, "", func(t *testing.T, o *playersOptions) {
			if o.root != "." || o.json || o.history {
				t.Errorf("%+v", o)
			}
		}},
		{"history", []string{"players", dir, "--json", "--history"}, 0, "", func(t *testing.T, o *playersOptions) {
			if o.root != dir || !o.json || !o.history {
				t.Errorf("%+v", o)
			}
		}},
		{"history without json", []string{"players", dir, "--history"}, 2, "--history", nil},
	}, newPlayersCmd)
}

// TestSiteBuildFlags: bao site build's flags.
func TestSiteBuildFlags(t *testing.T) {
	dir := t.TempDir()
	runParseCases(t, []parseCase[siteBuildOptions]{
		{"defaults", []string{"site", "build", "--out", "o"}, 0, "", func(t *testing.T, o *siteBuildOptions) {
			if o.root != "." || o.out != "o" || o.langs != nil || o.title != "" {
				t.Errorf("%+v", o)
			}
		}},
		{"both languages", []string{"site", "build", dir, "--out", "o", "--lang", "all", "--title", "T"}, 0, "", func(t *testing.T, o *siteBuildOptions) {
			if o.root != dir || !slices.Equal(o.langs, []string{"en", "sw"}) || o.title != "T" {
				t.Errorf("%+v", o)
			}
		}},
		{"no out", []string{"site", "build", dir}, 2, "--out is required", nil},
		{"an unknown language", []string{"site", "build", dir, "--out", "o", "--lang", "en,fr"}, 2, "--lang", nil},
		{"no subcommand", []string{"site"}, 2, "build", nil},
	}, under(newSiteCmd, newSiteBuildCmd))
}

// TestServeFlags: bao serve's flags: a venue's address, certificate and languages.
func TestServeFlags(t *testing.T) {
	dir := t.TempDir()
	runParseCases(t, []parseCase[serveOptions]{
		{"defaults", []string{"serve"}, 0, "", func(t *testing.T, o *serveOptions) {
			if o.root != "." || o.addr != "127.0.0.1:8080" || o.poll != time.Second || o.langs != nil || o.tlsCert != "" {
				t.Errorf("%+v", o)
			}
		}},
		{"a venue", []string{"serve", dir, "--addr", "0.0.0.0:80", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--allow-host", "bao.local", "--lang", "sw"}, 0, "", func(t *testing.T, o *serveOptions) {
			if o.root != dir || o.addr != "0.0.0.0:80" || o.tlsKey != "k.pem" || !slices.Equal(o.allowHosts, []string{"bao.local"}) || !slices.Equal(o.langs, []string{"sw"}) {
				t.Errorf("%+v", o)
			}
		}},
		{"a certificate without its key", []string{"serve", dir, "--tls-cert", "c.pem"}, 2, "--tls-cert and --tls-key", nil},
		{"no poll", []string{"serve", dir, "--poll", "0s"}, 2, "--poll", nil},
		{"a poll without a unit", []string{"serve", dir, "--poll", "5"}, 2, "--poll", nil},
		{"an unknown language", []string{"serve", dir, "--lang", "fr"}, 2, "--lang", nil},
	}, newServeCmd)
}

// TestValidateFlags: bao validate's files: a folder stands for its record files, - for standard input;
// a folder without records is found when the command runs.
func TestValidateFlags(t *testing.T) {
	dir, a := recordsDir(t)
	runParseCases(t, []parseCase[validateOptions]{
		{"a folder", []string{"validate", dir, "-"}, 0, "", func(t *testing.T, o *validateOptions) {
			if !slices.Equal(o.paths, []string{a, "-"}) || o.json || o.board {
				t.Errorf("%+v", o)
			}
		}},
		{"json", []string{"validate", "--json", "--board", a}, 0, "", func(t *testing.T, o *validateOptions) {
			if !o.json || !o.board {
				t.Errorf("%+v", o)
			}
		}},
		{"no file", []string{"validate"}, 2, "", nil},
		{"an empty folder", []string{"validate", t.TempDir()}, 1, "no .bgn files", nil},
	}, newValidateCmd)
}

// TestRepairFlags: bao repair's flags.
func TestRepairFlags(t *testing.T) {
	dir, a := recordsDir(t)
	runParseCases(t, []parseCase[repairOptions]{
		{"defaults", []string{"repair", dir}, 0, "", func(t *testing.T, o *repairOptions) {
			if !slices.Equal(o.paths, []string{a}) || o.apply || o.opts.MaxEdits != 2 || o.opts.Top != 5 || o.opts.Budget != 20*time.Second {
				t.Errorf("%+v", o)
			}
		}},
		{"apply", []string{"repair", "--apply", "--max-edits", "3", "--top", "1", "--budget", "1m", a}, 0, "", func(t *testing.T, o *repairOptions) {
			if !o.apply || o.opts.MaxEdits != 3 || o.opts.Top != 1 || o.opts.Budget != time.Minute {
				t.Errorf("%+v", o)
			}
		}},
		{"apply to standard input", []string{"repair", "--apply", a, "-"}, 2, "--apply", nil},
		{"no edits", []string{"repair", "--max-edits", "0", a}, 2, "--max-edits", nil},
		{"no budget", []string{"repair", "--budget", "0s", a}, 2, "--budget", nil},
	}, newRepairCmd)
}

// TestShowFlags: bao show's flags: two answers asked for at once are a usage error.
func TestShowFlags(t *testing.T) {
	_, a := recordsDir(t)
	runParseCases(t, []parseCase[showOptions]{
		{"defaults", []string{"show", a}, 0, "", func(t *testing.T, o *showOptions) {
			if o.path != a || o.game != 1 || !o.whole || o.json || o.svg {
				t.Errorf("%+v", o)
			}
		}},
		{"the start", []string{"show", a, "--ply", "0", "--game", "2", "--svg", "-o", "x.svg"}, 0, "", func(t *testing.T, o *showOptions) {
			if o.whole || o.ply != 0 || o.game != 2 || !o.svg || o.out != "x.svg" {
				t.Errorf("%+v", o)
			}
		}},
		{"a negative ply", []string{"show", a, "--ply", "-1"}, 2, "--ply", nil},
		{"game 0", []string{"show", a, "--game", "0"}, 2, "--game", nil},
		{"json and svg", []string{"show", a, "--json", "--svg"}, 2, "--json and --svg", nil},
		{"-o without svg", []string{"show", a, "-o", "x.svg"}, 2, "--svg", nil},
		{"two files", []string{"show", a, a}, 2, "", nil},
	}, newShowCmd)
}

// TestStatsFlags: bao stats' flags.
func TestStatsFlags(t *testing.T) {
	dir, _ := recordsDir(t)
	runParseCases(t, []parseCase[statsOptions]{
		{"defaults", []string{"stats", dir}, 0, "", func(t *testing.T, o *statsOptions) {
			if !slices.Equal(o.args, []string{dir}) || o.top != 10 || o.json || o.openings != "" {
				t.Errorf("%+v", o)
			}
		}},
		{"all", []string{"stats", "--top", "0", "--json", "--openings", "o.toml", "-"}, 0, "", func(t *testing.T, o *statsOptions) {
			if o.top != 0 || !o.json || o.openings != "o.toml" {
				t.Errorf("%+v", o)
			}
		}},
		{"a negative top", []string{"stats", "--top", "-1", dir}, 2, "--top", nil},
	}, newStatsCmd)
}

// TestMergeFlags: bao merge's flags.
func TestMergeFlags(t *testing.T) {
	_, a := recordsDir(t)
	runParseCases(t, []parseCase[mergeOptions]{
		{"to a file", []string{"merge", "-o", "all.bgn", "--combine", a, "-"}, 0, "", func(t *testing.T, o *mergeOptions) {
			if o.out != "all.bgn" || !o.combine || !slices.Equal(o.args, []string{a, "-"}) {
				t.Errorf("%+v", o)
			}
		}},
		{"no file", []string{"merge", "-o", "all.bgn"}, 2, "", nil},
	}, newMergeCmd)
}

// TestDedupeFlags: bao dedupe's flags.
func TestDedupeFlags(t *testing.T) {
	dir, _ := recordsDir(t)
	runParseCases(t, []parseCase[dedupeOptions]{
		{"drop", []string{"dedupe", "--drop", dir}, 0, "", func(t *testing.T, o *dedupeOptions) {
			if !o.drop || o.near || !slices.Equal(o.args, []string{dir}) {
				t.Errorf("%+v", o)
			}
		}},
		{"near", []string{"dedupe", "--near", "--json", dir}, 0, "", func(t *testing.T, o *dedupeOptions) {
			if !o.near || !o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"near and drop", []string{"dedupe", "--near", "--drop", dir}, 2, "--near", nil},
	}, newDedupeCmd)
}

// TestImportFlags: bao import's route, read before any input: a format and its game, and an
// --out that is one of the inputs.
func TestImportFlags(t *testing.T) {
	dir, a := recordsDir(t)
	runParseCases(t, []parseCase[importOptions]{
		{"a format that names its game", []string{"import", "--from", "abstractplay", "x.json"}, 0, "", func(t *testing.T, o *importOptions) {
			if o.rt.Format != "abstractplay" || o.rt.Options.Variant != nil || o.rt.Out != "" || !slices.Equal(o.inputs, []string{"x.json"}) {
				t.Errorf("%+v", o)
			}
		}},
		{"into a folder", []string{"import", "--from", "lr", "--variant", "kiswahili", "--board-lr", "--out", dir + "/", "-"}, 0, "", func(t *testing.T, o *importOptions) {
			if o.rt.Options.Variant != engine.Kiswahili || !o.rt.Options.BoardLR || !o.rt.ToDir {
				t.Errorf("%+v", o)
			}
		}},
		{"no format", []string{"import", "x.json"}, 2, "from", nil},
		{"an unknown format", []string{"import", "--from", "pgn", "x"}, 2, "--from", nil},
		{"a format without its game", []string{"import", "--from", "kiba", "x"}, 2, "--variant", nil},
		{"a game the format names", []string{"import", "--from", "abstractplay", "--variant", "kete", "x"}, 2, "--variant", nil},
		{"--board-lr for another format", []string{"import", "--from", "kiba", "--variant", "kete", "--board-lr", "x"}, 2, "--board-lr", nil},
		{"onto its input", []string{"import", "--from", "nkkmd", "--out", a, a}, 2, "--out", nil},
	}, newImportCmd)
}

// TestExportFlags: bao export's flags.
func TestExportFlags(t *testing.T) {
	dir, _ := recordsDir(t)
	runParseCases(t, []parseCase[exportOptions]{
		{"json", []string{"export", "--to", "json", "--out", "x.jsonl", dir}, 0, "", func(t *testing.T, o *exportOptions) {
			if o.to != "json" || o.out != "x.jsonl" || !slices.Equal(o.args, []string{dir}) {
				t.Errorf("%+v", o)
			}
		}},
		{"no format", []string{"export", dir}, 2, "to", nil},
		{"an unknown format", []string{"export", "--to", "pgn", dir}, 2, "--to", nil},
	}, newExportCmd)
}

// TestAnalyseFlags: bao analyse reads the search's limits and the parts of a run before it searches.
func TestAnalyseFlags(t *testing.T) {
	dir, a := recordsDir(t)
	runParseCases(t, []parseCase[analyseOptions]{
		{"defaults", []string{"analyse", a}, 0, "", func(t *testing.T, o *analyseOptions) {
			if o.lim.MoveTime != 200*time.Millisecond || o.annotate || o.json || !slices.Equal(o.args, []string{a}) || o.games.part.N != 0 {
				t.Errorf("%+v", o)
			}
		}},
		{"a part of a run", []string{"analyse", dir, "--nodes", "1000", "--shard", "3/8", "--out", "r", "--resume"}, 0, "", func(t *testing.T, o *analyseOptions) {
			if o.lim.Nodes != 1000 || o.lim.MoveTime != 0 || o.games.part != (batch.Shard{I: 3, N: 8}) || !o.games.resume {
				t.Errorf("%+v", o)
			}
		}},
		{"annotate", []string{"analyse", a, "--annotate", "--depth", "4"}, 0, "", func(t *testing.T, o *analyseOptions) {
			if !o.annotate || o.lim.Depth != 4 {
				t.Errorf("%+v", o)
			}
		}},
		{"annotate with out", []string{"analyse", a, "--annotate", "--out", "r"}, 2, "--annotate", nil},
		{"annotate standard input", []string{"analyse", "--annotate", "-"}, 2, "--annotate", nil},
		{"a wrong shard", []string{"analyse", a, "--shard", "9/8"}, 2, "--shard", nil},
		{"resume without out", []string{"analyse", a, "--resume"}, 2, "--resume", nil},
		{"merge with a shard", []string{"analyse", "--merge", "r", "--shard", "1/2"}, 2, "--merge", nil},
		{"a negative budget", []string{"analyse", a, "--budget", "-1s"}, 2, "--budget", nil},
		{"no threads", []string{"analyse", a, "--threads", "0"}, 2, "--threads", nil},
	}, newAnalyseCmd)
}

// TestPuzzlesFlags: bao puzzles' flags.
func TestPuzzlesFlags(t *testing.T) {
	dir, _ := recordsDir(t)
	runParseCases(t, []parseCase[puzzlesOptions]{
		{"defaults", []string{"puzzles", dir}, 0, "", func(t *testing.T, o *puzzlesOptions) {
			want := analysis.DefaultPuzzleRule
			if o.rule.MinWin != want.MinWin || o.rule.MaxWin != want.MaxWin || o.lim.Depth != want.ScanLimits().Depth || o.lim.Threads != 1 {
				t.Errorf("%+v", o)
			}
		}},
		{"a node budget", []string{"puzzles", dir, "--nodes", "500", "--max-win", "4", "--threads", "2"}, 0, "", func(t *testing.T, o *puzzlesOptions) {
			if o.lim.Nodes != 500 || o.rule.MaxWin != 4 || o.lim.Threads != 2 {
				t.Errorf("%+v", o)
			}
		}},
		{"a win too long", []string{"puzzles", dir, "--max-win", "11"}, 2, "--max-win", nil},
		{"no win", []string{"puzzles", dir, "--min-win", "0"}, 2, "--min-win", nil},
		{"merge with out", []string{"puzzles", "--merge", "r", "--out", "s"}, 2, "--merge", nil},
	}, newPuzzlesCmd)
}

// TestEventRoundsFlags: bao event standings and ratings read the rounds to report on the same
// way.
func TestEventRoundsFlags(t *testing.T) {
	rounds := []parseCase[eventRoundsOptions]{
		{"all rounds", nil, 0, "", func(t *testing.T, o *eventRoundsOptions) {
			if o.dir != "open" || o.after != 0 || o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"after a round", []string{"--after-round", "3", "--json"}, 0, "", func(t *testing.T, o *eventRoundsOptions) {
			if o.after != 3 || !o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"a negative round", []string{"--after-round", "-1"}, 2, "--after-round", nil},
	}
	for _, sub := range []struct {
		name string
		cmd  func(*env, func(*eventRoundsOptions) error) *cobra.Command
	}{{"standings", newEventStandingsCmd}, {"ratings", newEventRatingsCmd}} {
		t.Run(sub.name, func(t *testing.T) {
			cases := slices.Clone(rounds)
			for i := range cases {
				cases[i].args = append([]string{"event", sub.name, "open"}, cases[i].args...)
			}
			runParseCases(t, cases, under(newEventCmd, sub.cmd))
		})
	}
}

// TestEventNewFlags: bao event new's flags.
func TestEventNewFlags(t *testing.T) {
	runParseCases(t, []parseCase[eventNewOptions]{
		{"a Swiss", []string{"event", "new", "open", "--name", "Open", "--variant", "kiswahili", "--format", "swiss", "--rounds", "5", "--player", "A", "--player", "B"}, 0, "", func(t *testing.T, o *eventNewOptions) {
			if o.dir != "open" || o.cfg.Name != "Open" || o.cfg.Format != "swiss" || o.cfg.Rounds != 5 || len(o.cfg.Players) != 2 || o.cfg.Players[1].Name != "B" || o.cfg.Games != 1 {
				t.Errorf("%+v", o)
			}
		}},
		{"no variant", []string{"event", "new", "open", "--name", "Open"}, 2, "--variant is required", nil},
		{"no folder", []string{"event", "new", "--variant", "kete"}, 2, "", nil},
	}, under(newEventCmd, newEventNewCmd))
}

// TestEventPairFlags: bao event pair's flags.
func TestEventPairFlags(t *testing.T) {
	runParseCases(t, []parseCase[eventPairOptions]{
		{"defaults", []string{"event", "pair", "open"}, 0, "", func(t *testing.T, o *eventPairOptions) {
			if o.dir != "open" || o.json || o.url != "" || o.lang != "" {
				t.Errorf("%+v", o)
			}
		}},
		{"a sheet in Kiswahili", []string{"event", "pair", "open", "--lang", "sw", "--url", "http://h:8080", "--json"}, 0, "", func(t *testing.T, o *eventPairOptions) {
			if o.lang != "sw" || o.url != "http://h:8080" || !o.json {
				t.Errorf("%+v", o)
			}
		}},
		{"an unknown language", []string{"event", "pair", "open", "--lang", "fr"}, 2, "--lang", nil},
	}, under(newEventCmd, newEventPairCmd))
}

// TestEventResultFlags: bao event result's flags.
func TestEventResultFlags(t *testing.T) {
	runParseCases(t, []parseCase[eventResultOptions]{
		{"a result", []string{"event", "result", "open", "--round", "2", "--board", "3", "0-1", "--termination", "forfeit"}, 0, "", func(t *testing.T, o *eventResultOptions) {
			if o.dir != "open" || o.entry.Round != 2 || o.entry.Board != 3 || o.entry.Result != "0-1" || o.entry.Termination != "forfeit" {
				t.Errorf("%+v", o)
			}
		}},
		{"no board", []string{"event", "result", "open", "--round", "2", "1-0"}, 2, "--board", nil},
		{"no result", []string{"event", "result", "open", "--round", "2", "--board", "1"}, 2, "", nil},
	}, under(newEventCmd, newEventResultCmd))
}

// TestEventReportFlags: bao event report's flags.
func TestEventReportFlags(t *testing.T) {
	runParseCases(t, []parseCase[eventReportOptions]{
		{"trf", []string{"event", "report", "open", "--format", "trf", "--after-round", "2"}, 0, "", func(t *testing.T, o *eventReportOptions) {
			if o.dir != "open" || o.format != "trf" || o.after != 2 {
				t.Errorf("%+v", o)
			}
		}},
		{"no format", []string{"event", "report", "open"}, 2, "--format", nil},
		{"a negative round", []string{"event", "report", "open", "--format", "json", "--after-round", "-2"}, 2, "--after-round", nil},
	}, under(newEventCmd, newEventReportCmd))
}

// TestEventSheetsFlags: bao event sheets' paper, round and language, read before the folder.
func TestEventSheetsFlags(t *testing.T) {
	runParseCases(t, []parseCase[eventSheetsOptions]{
		{"a PDF on letter", []string{"event", "sheets", "open", "--round", "3", "--pdf", "--paper", "Letter", "--out", "r.pdf"}, 0, "", func(t *testing.T, o *eventSheetsOptions) {
			if o.dir != "open" || o.round != 3 || !o.pdf || o.paper != sheets.Papers["letter"] || o.out != "r.pdf" {
				t.Errorf("%+v", o)
			}
		}},
		{"no round", []string{"event", "sheets", "open"}, 2, "--round", nil},
		{"an unknown paper", []string{"event", "sheets", "open", "--round", "1", "--paper", "a5"}, 2, "--paper", nil},
		{"an unknown language", []string{"event", "sheets", "open", "--round", "1", "--lang", "fr"}, 2, "--lang", nil},
	}, under(newEventCmd, newEventSheetsCmd))
}
