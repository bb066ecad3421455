package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/engine"
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
