package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
)

const oneGame = `[Event "Kingulu Cup"]
[South "Ali Juma"]
[North "Mwana Hassan"]
[Result "*"]
[Variant "Bao Kingulu"]

1. A6 a3 *
`

func TestIndexSearchExploreJSON(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "g.bgn"), []byte(oneGame), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runBao(t, "", "index", root); code != 0 || !strings.HasPrefix(out, "1 file (1 read") || errOut != "" {
		t.Fatalf("index: exit %d, %q, %q", code, out, errOut)
	}
	code, out, _ := runBao(t, "", "search", root, "--player", "ali juma", "--variant", "kingulu", "--after", "1. A6", "--json")
	res := archive.Result{Position: engine.Kingulu.Start()} // a BPN is read in its game
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("search: exit %d, %v: %s", code, err, out)
	}
	if res.Total != 1 || res.Hits[0].ID != "g.bgn#1" || res.Hits[0].Line != 1 || len(res.Hits[0].Reached) != 1 || res.Hits[0].Reached[0] != 1 {
		t.Errorf("search: %+v", res)
	}
	if code, out, _ := runBao(t, "", "explore", root, "--variant", "kingulu"); code != 0 || !strings.Contains(out, "\t1 game\t") {
		t.Errorf("explore: exit %d, the start reached by one game:\n%s", code, out)
	}
	code, out, _ = runBao(t, "", "explore", root, "--variant", "kingulu", "--json")
	var tree archive.Tree
	if err := json.Unmarshal([]byte(out), &tree); err != nil || code != 0 {
		t.Fatalf("explore: exit %d, %v: %s", code, err, out)
	}
	if tree.Games != 1 || len(tree.Moves) != 1 || tree.Moves[0].Move != "A6" || tree.Moves[0].Unknown != 1 {
		t.Errorf("explore: %+v", tree)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"explore", root}, 2, "--variant is required"},
		{[]string{"explore", root, "--variant", "chess"}, 2, "unknown variant"},
		{[]string{"search", root, "x", "--limit", "0"}, 2, "--limit"},
		{[]string{"index", filepath.Join(root, "g.bgn")}, 1, "not a folder"},
		{[]string{"search", root, "q", "--index", filepath.Join(root, "none")}, 1, "run 'bao index " + root + " --index " + filepath.Join(root, "none") + "'"},
	} {
		code, _, errOut := runBao(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

// TestPrintHitsTerminal: on a terminal the columns have a header and a count follows.
func TestPrintHitsTerminal(t *testing.T) {
	res := &archive.Result{Total: 7, Hits: []archive.Hit{{File: "a/b.bgn", Line: 3, Game: 1, Variant: "kete",
		South: "X", North: "Y", Result: "1-0"}}}
	var b bytes.Buffer
	printHits(&b, res, 2, true)
	lines := strings.Split(b.String(), "\n")
	if !strings.HasPrefix(lines[0], "FILE:LINE") || !strings.Contains(lines[0], "RESULT") ||
		!strings.HasPrefix(lines[1], "a/b.bgn:3 ") || lines[2] != "3-3 of 7 games" {
		t.Errorf("terminal output:\n%s", b.String())
	}
	b.Reset()
	printHits(&b, res, 0, false)
	if strings.Contains(b.String(), "FILE:LINE") {
		t.Errorf("a header off a terminal:\n%s", b.String())
	}
}

// TestSearchTextEscapes: the text output shows a tag's control characters escaped, so that an
// archive cannot send the terminal escape sequences (found with ESC]0;… in an Event tag, which
// bao search printed as is, and a right-to-left override in a name).
func TestSearchTextEscapes(t *testing.T) {
	root := t.TempDir()
	rec := strings.NewReplacer("Kingulu Cup", "Cup\x1b]0;pwned\a\x1b[2J", "Ali Juma", "Ali\u202eJuma").Replace(oneGame)
	if err := os.WriteFile(filepath.Join(root, "g.bgn"), []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runBao(t, "", "index", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{{"search", root}, {"search", root, "--facets"}, {"stats", root}} {
		code, out, _ := runBao(t, "", args...)
		if code != 0 || strings.ContainsAny(out, "\x1b\a\u202e") || !strings.Contains(out, `Ali\u202eJuma`) {
			t.Errorf("%v: exit %d:\n%q", args, code, out)
		}
	}
}

// TestSearchPatternJSON: bao search --pattern prints the search document with the plies whose
// position matches (spec 6.2); a bad pattern is a usage error.
func TestSearchPatternJSON(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "g.bgn"), []byte(oneGame), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runBao(t, "", "index", root); code != 0 {
		t.Fatalf("index: exit %d, %s", code, errOut)
	}
	// A2 is empty after A6 only; South's store is empty in every position
	code, out, errOut := runBao(t, "", "search", root, "--variant", "kingulu", "--pattern", "x,x,x,x,x,x/x,0,x,x,x,x x 0-x x", "--json")
	var res struct {
		Total int `json:"total"`
		Hits  []struct {
			File    string `json:"file"`
			Game    int    `json:"game"`
			Reached []int  `json:"reached"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("search: exit %d, %v: %s %s", code, err, out, errOut)
	}
	if res.Total != 1 || res.Hits[0].Game != 1 || !strings.HasSuffix(res.Hits[0].File, "g.bgn") || !slices.Equal(res.Hits[0].Reached, []int{1}) {
		t.Errorf("pattern search: %s", out)
	}
	code, out, _ = runBao(t, "", "search", root, "--variant", "kingulu", "--pattern", "x,x,x,x,x,x/x,x,x,x,x,x x 0-x", "--json")
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Total != 1 || !slices.Equal(res.Hits[0].Reached, []int{0, 1, 2}) {
		t.Errorf("pattern search, every position: exit %d, %s", code, out)
	}
	if code, _, errOut := runBao(t, "", "search", root, "--variant", "kingulu", "--pattern", "1,2", "--json"); code != 2 || !strings.Contains(errOut, "rows") {
		t.Errorf("bad pattern: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runBao(t, "", "search", root, "--pattern", "x"); code != 2 || !strings.Contains(errOut, "--variant") {
		t.Errorf("pattern without variant: exit %d, %s", code, errOut)
	}
}

// TestSearchPlayerIdentity: bao search finds a player as bao serve's search and the static
// search do (sitetest.PlayerQueries, which their tests use too): by --player and by
// player:"…" in the query, whole words of any spelling, "Surname, Given" as "Given Surname".
func TestSearchPlayerIdentity(t *testing.T) {
	root := t.TempDir()
	for name, data := range map[string]string{"names.bgn": sitetest.PlayerRecords(), "players.toml": sitetest.PlayersTOML} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, errOut := runBao(t, "", "index", root); code != 0 {
		t.Fatalf("index: exit %d: %s", code, errOut)
	}
	games := func(args ...string) []int {
		t.Helper()
		code, out, errOut := runBao(t, "", append([]string{"search", root, "--json"}, args...)...)
		var res archive.Result
		if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || errOut != "" {
			t.Fatalf("search %q: exit %d, %v: %s%s", args, code, err, out, errOut)
		}
		var got []int
		for _, h := range res.Hits {
			got = append(got, h.Game)
		}
		slices.Sort(got)
		return got
	}
	for _, c := range sitetest.PlayerQueries {
		if got := games("--player", c.Query); !slices.Equal(got, c.Games) {
			t.Errorf("--player %q: games %v, want %v", c.Query, got, c.Games)
		}
		if got := games(fmt.Sprintf("player:%q", c.Query)); !slices.Equal(got, c.Games) {
			t.Errorf("player:%q: games %v, want %v", c.Query, got, c.Games)
		}
	}
	// a field the index does not have is warned about, with the one meant
	code, _, errOut := runBao(t, "", "search", root, `plyer:"Mzee Haji"`)
	if code != 0 || !strings.Contains(errOut, `no field "plyer"`) || !strings.Contains(errOut, "did you mean player?") {
		t.Errorf("plyer: exit %d, warned %q", code, errOut)
	}
}
