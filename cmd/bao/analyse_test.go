package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBestmoveJSON(t *testing.T) {
	// South steps a stone next to North's last one and takes it: a win in 1.
	const won = "0,0,0,0,0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S"
	code, out, errOut := runBao(t, "", "bestmove", "--variant", "kimasai", "--position", won, "--depth", "4", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var d map[string]any
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"best", "score", "win_in", "pv", "depth", "nodes"} {
		if _, ok := d[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	if d["win_in"] != 1.0 || d["score"] != 1000.0 {
		t.Errorf("win_in %v score %v, want 1 and 1000: %s", d["win_in"], d["score"], out)
	}

	code, out, _ = runBao(t, "", "bestmove", "--variant", "kiswahili", "--depth", "3", "--json")
	if code != 0 || !strings.Contains(out, `"win_in":null`) || strings.Contains(out, `\u003c`) {
		t.Errorf("exit %d, want win_in null and tokens unescaped: %s", code, out)
	}
}

func TestBestmoveBatch(t *testing.T) {
	in := "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -\nnot a position\n"
	code, out, _ := runBao(t, in, "bestmove", "--variant", "kingulu", "--position", "-", "--depth", "2", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 || !strings.Contains(lines[0], `"best"`) || !strings.Contains(lines[1], `"error"`) {
		t.Errorf("exit %d, want 1 and a result then an error:\n%s", code, out)
	}
}

func TestBestmoveUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bestmove"},
		{"bestmove", "--variant", "kete", "--multipv", "0"},
		{"bestmove", "--variant", "kete", "--depth", "-1"},
		{"bestmove", "--variant", "kete", "--position", "1,2"},
	} {
		if code, _, _ := runBao(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestEngineProtocol(t *testing.T) {
	in := "uci\nisready\nposition kingulu startpos moves A3\ngo depth 3\nbogus\nposition kete startpos moves Z9\n"
	code, out, _ := runBao(t, in, "engine")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"uciok\n", "readyok\n", "info depth 3 multipv 1 score ", "\nbestmove a", `info string error: unknown command "bogus"`, "info string error: move 1:"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestAnalyseAnnotate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.bgn")
	const game = `[Event "Test"]
[Variant "Bao Kingulu"]

1. A3 {the players' own comment} a4 $1 2. A2 *
`
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runBao(t, "", "analyse", path, "--depth", "4", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var d struct {
		Games []analyseGameDoc `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Games) != 1 || len(d.Games[0].Moves) != 3 || d.Games[0].Moves[1].Move != "a4" {
		t.Fatalf("unexpected analysis: %s", out)
	}
	if code, _, errOut = runBao(t, "", "analyse", path, "--depth", "4", "--annotate"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, _ := os.ReadFile(path)
	got := string(b)
	for _, want := range []string{`[Annotator "bao analyse, depth 4"]`, "{the players' own comment}", "a4 $1", "[%eval "} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in the annotated file:\n%s", want, got)
		}
	}
	// The record still replays as written, and annotating again changes nothing.
	if code, _, errOut := runBao(t, "", "validate", path); code != 0 {
		t.Errorf("validate: exit %d: %s", code, errOut)
	}
	runBao(t, "", "analyse", path, "--depth", "4", "--annotate")
	if again, _ := os.ReadFile(path); string(again) != got {
		t.Errorf("annotating twice differs:\n%s\n---\n%s", got, again)
	}
}

// A game with an illegal move is reported where it is; with --annotate a file none of whose
// games could be analysed is left as it was.
func TestAnalyseBadMove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.bgn")
	const src = "[Variant \"kingulu\"]\n\n1. A3 a9 *\n"
	os.WriteFile(path, []byte(src), 0o644)
	code, _, errOut := runBao(t, "", "analyse", path, "--depth", "2")
	if code != 1 || !strings.Contains(errOut, "bad.bgn:3:7:") {
		t.Errorf("exit %d, want 1 and a located error: %s", code, errOut)
	}
	code, _, errOut = runBao(t, "", "analyse", path, "--depth", "2", "--annotate")
	if b, _ := os.ReadFile(path); string(b) != src {
		t.Errorf("a file with nothing annotated was rewritten:\n%s", b)
	}
	if code != 1 || !strings.Contains(errOut, "not annotated: no game could be analysed") {
		t.Errorf("exit %d, want 1 with the refusal: %s", code, errOut)
	}
}

// A file with syntax errors is analysed where it can be, but never rewritten.
func TestAnalyseSyntaxErrorNotRewritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.bgn")
	const src = "[Variant \"Bao Kingulu\"]\n\n1. A3 {never closed\n"
	os.WriteFile(path, []byte(src), 0o644)
	code, _, errOut := runBao(t, "", "analyse", path, "--depth", "2", "--annotate")
	if b, _ := os.ReadFile(path); string(b) != src {
		t.Errorf("the file was rewritten:\n%s", b)
	}
	if code != 1 || !strings.Contains(errOut, "broken.bgn:3:") || !strings.Contains(errOut, "not annotated") {
		t.Errorf("exit %d, want 1 with the located error and the refusal: %s", code, errOut)
	}
}

// analyse reads its files as the other commands do: several files, a folder, standard input;
// a file without games or one it cannot read is a problem reported by name, and the rest are
// still analysed.
func TestAnalyseFiles(t *testing.T) {
	dir := t.TempDir()
	game := "[Variant \"kingulu\"]\n\n1. A3 a3 *\n"
	files := map[string]string{"one.bgn": game, "sub/two.bgn": game, "empty.bgn": ""}
	for name, src := range files {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte(src), 0o644)
	}
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		name    string
		stdin   string
		args    []string
		code    int
		out     []string // in order
		errOut  string
		jsonOut string
	}{
		{name: "two files", args: []string{at("one.bgn"), at("sub/two.bgn")}, out: []string{"one.bgn game 1", "two.bgn game 1"}},
		{name: "a folder", args: []string{at("sub")}, out: []string{"two.bgn game 1"}},
		{name: "standard input", stdin: game, args: []string{"-"}, out: []string{"stdin game 1", "   2 a3"}},
		{name: "a file without games", args: []string{at("empty.bgn"), at("one.bgn")}, code: 1, out: []string{"one.bgn game 1"}, errOut: "empty.bgn: no games in this file"},
		{name: "a missing file", args: []string{at("none.bgn"), at("one.bgn")}, code: 1, out: []string{"one.bgn game 1"}, errOut: "none.bgn: no such file"},
		{name: "no games in JSON", args: []string{at("empty.bgn"), "--json"}, code: 1, jsonOut: `{"games":[]}`},
		{name: "annotate standard input", stdin: game, args: []string{"-", "--annotate"}, code: 2, errOut: "cannot annotate standard input"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runBao(t, c.stdin, append([]string{"analyse", "--depth", "2"}, c.args...)...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, c.code, errOut)
			}
			rest := out
			for _, w := range c.out {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("output lacks %q (in order):\n%s", w, out)
					break
				}
				rest = rest[i+len(w):]
			}
			if !strings.Contains(errOut, c.errOut) {
				t.Errorf("stderr lacks %q:\n%s", c.errOut, errOut)
			}
			if c.jsonOut != "" && strings.TrimSpace(out) != c.jsonOut {
				t.Errorf("JSON %s, want %s", out, c.jsonOut)
			}
		})
	}
}

// A file with % escape lines is not annotated, as fmt -w, repair --apply and dedupe --drop
// leave one alone: --annotate once dropped the line and exited 0.
func TestAnalyseEscapeLineNotRewritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "escaped.bgn")
	const src = "% kept by the scribe's tool\n[Variant \"kingulu\"]\n\n1. A3 a4 *\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runBao(t, "", "analyse", path, "--depth", "2", "--annotate")
	if b, _ := os.ReadFile(path); string(b) != src {
		t.Errorf("the file was rewritten:\n%s", b)
	}
	if code != 1 || !strings.Contains(errOut, "escaped.bgn: not annotated: its 1 % escape line(s) would be lost") {
		t.Errorf("exit %d, want 1 with the refusal: %s", code, errOut)
	}
}

// TestAnalyseAnnotateNovelty: in an indexed archive, --annotate writes each game's novelty
// after its move, once however often it runs.
func TestAnalyseAnnotateNovelty(t *testing.T) {
	root := t.TempDir()
	rec := func(date, moves string) string {
		return "[Date \"" + date + "\"]\n[South \"A\"]\n[North \"B\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n" + moves + "\n\n"
	}
	file := filepath.Join(root, "a.bgn")
	if err := os.WriteFile(file, []byte(rec("2001.??.??", "1. A3 a1 2. A1 a6 *")+rec("2000.??.??", "1. A3 a3 2. A5 a6 *")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runBao(t, "", "index", root); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	for run := range 2 {
		if code, _, errOut := runBao(t, "", "analyse", file, "--depth", "1", "--annotate"); code != 0 {
			t.Fatalf("analyse: exit %d: %s", code, errOut)
		}
		data, _ := os.ReadFile(file)
		text := strings.Join(strings.Fields(string(data)), " ")
		want := "1... a1 $4 {[%eval"
		if n := strings.Count(text, "{Novelty: no earlier game of the archive played this move; 1 earlier game reached the position before it.}"); n != 1 || !strings.Contains(text, want) {
			t.Errorf("run %d: %d novelty comments, want 1 after the first game's a1:\n%s", run+1, n, data)
		}
		if i, j := strings.Index(text, "1... a1"), strings.Index(text, "{Novelty"); j < i {
			t.Errorf("run %d: the novelty is not after a1:\n%s", run+1, data)
		}
	}
}
