package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/machine"
)

func TestMain(m *testing.M) {
	// Tests that need a real process (kill -9, a terminal) run this test binary as bao.
	if os.Getenv("BAO_TEST_AS_CLI") == "1" {
		limitFileSize(os.Getenv("BAO_TEST_FSIZE"))
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"bao": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script. With -update, a cmp whose
// file is in the script's archive writes what the command printed into it (make golden).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", UpdateScripts: *update})
}

// runBao runs the CLI in-process.
func runBao(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestMovesJSON(t *testing.T) {
	code, out, errOut := runBao(t, "", "moves", "--variant", "Bao Kingulu", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var d movesDocForTest
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.Variant != "kingulu" || d.ToMove != "S" || d.Status != "ongoing" || d.Stage != "" || len(d.Moves) != 4 {
		t.Errorf("unexpected document: %+v", d)
	}
	if !strings.Contains(out, `"moves":[{"move":"A3","position":"1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -"}`) {
		t.Errorf("moves not spelled as the spec says: %s", out)
	}
	if strings.Contains(out, `"stage"`) {
		t.Errorf("stage must be omitted for Kingulu: %s", out)
	}
}

func TestMovesBatch(t *testing.T) {
	in := "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -\r\nnot a position\n\n0,0,2,0,0,5/0,0,0,0,0,0 S 20-21 A2,a2\n\n"
	code, out, _ := runBao(t, in, "moves", "--variant", "kingulu", "--position", "-", "--json")
	if code != 1 {
		t.Errorf("exit %d, want 1 for a bad line", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 lines, got %d:\n%s", len(lines), out)
	}
	var bad machine.BadPosition
	if err := json.Unmarshal([]byte(lines[1]), &bad); err != nil || bad.Position != "not a position" || bad.Error == "" {
		t.Errorf("bad line answered %s (%v)", lines[1], err)
	}
	var done movesDocForTest
	if err := json.Unmarshal([]byte(lines[2]), &done); err != nil || done.Status != "north-wins" || len(done.Moves) != 0 {
		t.Errorf("finished position answered %s", lines[2])
	}
}

func TestExitCodes(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"moves", "--variant", "chess"}, 2, "unknown variant"},
		{[]string{"moves"}, 2, "--variant is required"},
		{[]string{"moves", "--variant", "kingulu", "--position", "1,2,3 S 0-0 -"}, 2, "board"},
		{[]string{"moves", "--variant", "kingulu", "--bogus"}, 2, "unknown flag"},
		{[]string{"play", "--variant", "kingulu", "A3", "a2"}, 1, "move 2 (a2): illegal move"},
		{[]string{"play", "--variant", "kimasai", "A2", "Z9"}, 1, "bad move token"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"site", "buld"}, 2, "(see 'bao site --help')"},
		{[]string{"show", "nonexistent.bgn"}, 1, "no such file"},
		{[]string{"import", "games.json"}, 2, `required flag(s) "from" not set (see 'bao import --help')`},
		{[]string{"export", "games.bgn"}, 2, `required flag(s) "to" not set`},
		{[]string{"import", "--from", "kiba", "--variant", "kete", "/dev/null"}, 1, "/dev/null:1:1: not readable as this format: no moves found"},
		{[]string{"import", "--from", "kiba", "--variant", "kete", "."}, 1, ".: a folder"},
		{[]string{"import", "--from", "abstractplay", "--variant", "kete", "g.json"}, 2, "--from abstractplay names its game"},
		{[]string{"import", "--from", "kiba", "--variant", "kete", "--board-lr", "g.txt"}, 2, "--board-lr is for the formats that write L and R (lr), not --from kiba"},
	}
	for _, c := range cases {
		code, _, errOut := runBao(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, errOut, c.code, c.msg)
		}
		if n := strings.Count(errOut, "\n"); n != 1 {
			t.Errorf("%v: want a one-line error, got %d lines: %q", c.args, n, errOut)
		}
	}
}

func TestSelfplayIsSeeded(t *testing.T) {
	_, a, _ := runBao(t, "", "selfplay", "--variant", "kingulu", "--games", "3", "--seed", "42", "--json")
	_, b, _ := runBao(t, "", "selfplay", "--variant", "kingulu", "--games", "3", "--seed", "42", "--json")
	_, c, _ := runBao(t, "", "selfplay", "--variant", "kingulu", "--games", "3", "--seed", "43", "--json")
	if a != b || a == c || strings.Count(a, "\n") != 3 {
		t.Errorf("selfplay is not seeded:\n%s\n%s", a, c)
	}
}

// movesDocForTest is the spec's `bao moves` document, read back to check the hand-written JSON.
type movesDocForTest struct {
	Variant  string `json:"variant"`
	Position string `json:"position"`
	ToMove   string `json:"to_move"`
	Stage    string `json:"stage"`
	Status   string `json:"status"`
	Moves    []struct {
		Move     string `json:"move"`
		Position string `json:"position"`
	} `json:"moves"`
}

// TestSelfplayWritesValidBGN: selfplay's records validate, for every game.
func TestSelfplayWritesValidBGN(t *testing.T) {
	dir := t.TempDir()
	for _, v := range engine.Variants() {
		code, out, errOut := runBao(t, "", "selfplay", "--variant", v.ID(), "--games", "3", "--seed", "9", "--max-plies", "150")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", v.ID(), code, errOut)
		}
		annotator := "bao selfplay --variant " + v.ID() + " --seed 9 --game 2 --max-plies 150"
		if !strings.Contains(out, `[Annotator "`+annotator+`"]`) {
			t.Errorf("%s: records do not say who played them:\n%.400s", v.ID(), out)
		}
		// The Annotator tag is the command that prints that game again, alone.
		_, again, _ := runBao(t, "", strings.Fields(annotator)[1:]...)
		if games := strings.Split(out, "\n\n["); len(games) != 3 || "["+games[1]+"\n" != again {
			t.Errorf("%s: %s does not reproduce game 2 (or games are not a blank line apart):\n%s", v.ID(), annotator, again)
		}
		path := filepath.Join(dir, v.ID()+".bgn")
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, vout, verr := runBao(t, "", "validate", path); code != 0 {
			t.Errorf("%s: selfplay records do not validate (exit %d):\n%s%s", v.ID(), code, vout, verr)
		}
	}
}

// bao players lists what it could read and exits 1 for a record it could not (it exited 0,
// saying nothing).
func TestPlayersBrokenRecord(t *testing.T) {
	dir := t.TempDir()
	bgn := "[Variant \"kete\"]\n[Date \"2001.02.03\"]\n[South \"A\"]\n[North \"B\"]\n[Result \"1-0\"]\n[Termination \"unrecorded\"]\n\n1-0\n\n" +
		"[Variant \"kete\"]\n[Date \"2001.02.04\"\n[South \"A\"]\n[North \"B\"]\n\n0-1\n"
	if err := os.WriteFile(filepath.Join(dir, "a.bgn"), []byte(bgn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runBao(t, "", "players", "--json", dir)
	if code != 1 || !strings.Contains(errOut, "a.bgn:11:") || !strings.HasPrefix(out, `{"games":1,`) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, one game rated, the problem at a.bgn:11", code, out, errOut)
	}
}

// An import whose --out is one of its inputs would write the games over what they are read
// from (with --force, at once): it is refused and the input left as it was.
func TestImportOutIsInput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "games.json")
	const src = `[{"header":{"game":{"name":"Bao"}},"moves":[]}]`
	os.WriteFile(in, []byte(src), 0o644)
	for _, force := range []string{"--force=false", "--force"} {
		code, _, errOut := runBao(t, "", "import", "--from", "abstractplay", "--out", in, in, force)
		if code != 2 || !strings.Contains(errOut, "would be written over what they are read from") {
			t.Errorf("%s: exit %d, want 2 with the refusal: %s", force, code, errOut)
		}
		if b, _ := os.ReadFile(in); string(b) != src {
			t.Errorf("%s: the input was changed:\n%s", force, b)
		}
	}
}
