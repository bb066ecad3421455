package main

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bao-archive/bao/internal/lang"
)

// An arbiter enters a result without moves, corrects it, and the standings count the
// correction at once; the records validate. A result on a board with moves the Termination
// denies, and a bad result, are refused.
func TestEventResultCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "club")
	args := []string{"event", "new", dir, "--name", "Club", "--variant", "kiswahili", "--format", "round-robin"}
	for _, p := range []string{"Ali", "Bakari", "Chande", "Daudi"} {
		args = append(args, "--player", p)
	}
	for _, a := range [][]string{args, {"event", "pair", dir}} {
		if code, _, errOut := runBao(t, "", a...); code != 0 {
			t.Fatalf("%v: exit %d: %s", a, code, errOut)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"--round", "1", "--board", "1", "1-0"}, 0},
		{[]string{"--round", "1", "--board", "1", "0-1"}, 0}, // a correction
		{[]string{"--round", "1", "--board", "2", "1/2-1/2", "--termination", "agreement"}, 0},
		{[]string{"--round", "1", "--board", "2", "1:0"}, 2},
		{[]string{"--round", "1", "--board", "9", "1-0"}, 1},
		{[]string{"--board", "1", "1-0"}, 2},
	} {
		code, _, errOut := runBao(t, "", append([]string{"event", "result", dir}, tc.args...)...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d: %s", tc.args, code, tc.code, errOut)
		}
	}
	code, out, errOut := runBao(t, "", "event", "standings", dir, "--json")
	var table struct {
		Standings []struct {
			Player string
			Points float64
			Games  int
		}
	}
	if err := json.Unmarshal([]byte(out), &table); code != 0 || err != nil {
		t.Fatalf("standings: exit %d, %v: %s", code, err, errOut)
	}
	points := map[string]float64{}
	for _, s := range table.Standings {
		points[s.Player] = points[s.Player] + s.Points
		if s.Games != 1 {
			t.Errorf("%s: %d games, want 1", s.Player, s.Games)
		}
	}
	// Round 1 of the Berger tables for four: Ali-Daudi, Bakari-Chande.
	if points["Daudi"] != 1 || points["Ali"] != 0 || points["Bakari"] != 0.5 || points["Chande"] != 0.5 {
		t.Errorf("points %v, want Daudi 1 (the correction), Ali 0, Bakari and Chande ½", points)
	}
	round := filepath.Join(dir, "round-01.bgn")
	if code, out, errOut := runBao(t, "", "validate", round); code != 0 {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
	data, _ := os.ReadFile(round)
	if !strings.Contains(string(data), `was 1-0 (Termination "unrecorded")`) {
		t.Errorf("the correction left no note:\n%s", data)
	}
	// The reports and the sheets of the round.
	code, out, errOut = runBao(t, "", "event", "report", dir, "--format", "trf")
	if n := strings.Count(out, "\n001 "); code != 0 || n != 4 {
		t.Errorf("report --format trf: exit %d, %d 001 lines, want 4: %s%s", code, n, out, errOut)
	}
	if code, _, _ := runBao(t, "", "event", "report", dir, "--format", "xml"); code != 2 {
		t.Errorf("report --format xml: exit %d, want 2", code)
	}
	if code, out, _ := runBao(t, "", "event", "ratings", dir, "--json"); code != 0 || !strings.Contains(out, `"performance"`) {
		t.Errorf("ratings --json: exit %d, %s", code, out)
	}
	pdf := filepath.Join(t.TempDir(), "r1.pdf")
	if code, _, errOut := runBao(t, "", "event", "sheets", dir, "--round", "1", "--pdf", "--out", pdf); code != 0 {
		t.Errorf("sheets --pdf: exit %d: %s", code, errOut)
	} else if data, _ := os.ReadFile(pdf); !strings.HasPrefix(string(data), "%PDF-") {
		t.Errorf("sheets --pdf wrote no PDF")
	}
	if code, _, _ := runBao(t, "", "event", "sheets", dir, "--round", "7"); code != 1 {
		t.Errorf("sheets of a round not paired: exit %d, want 1", code)
	}
	// Unrecorded with moves is invalid.
	bad := filepath.Join(t.TempDir(), "bad.bgn")
	os.WriteFile(bad, []byte("[Variant \"kiswahili\"]\n[Result \"1-0\"]\n[Termination \"unrecorded\"]\n\nA6<* 1-0\n"), 0o644)
	if code, _, errOut := runBao(t, "", "validate", bad); code != 1 || !strings.Contains(errOut, "bad.bgn:3:14:") {
		t.Errorf("validate unrecorded with moves: exit %d, %s; want 1 at the Termination's value", code, errOut)
	}
}

// bao event pair --json prints each board's recording link, as the recording contract says;
// the links are secret (only their hashes are where the server reads), and the printed sheet
// has a QR code per board.
func TestEventPairLinks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "club")
	args := []string{"event", "new", dir, "--name", "Club", "--variant", "kingulu", "--format", "round-robin"}
	for _, p := range []string{"Ali", "Bakari", "Chande", "Daudi", "Eli"} {
		args = append(args, "--player", p)
	}
	if code, _, errOut := runBao(t, "", args...); code != 0 {
		t.Fatal(errOut)
	}
	code, out, errOut := runBao(t, "", "event", "pair", dir, "--json", "--url", "http://10.0.0.5:8080")
	var doc struct {
		Round  int
		Boards []struct {
			Board        int
			South, North string
			Link         string
		}
		Arbiter string
	}
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errOut)
	}
	if doc.Round != 1 || len(doc.Boards) != 2 || !strings.HasPrefix(doc.Arbiter, "/record/") {
		t.Fatalf("%+v", doc)
	}
	hashes, err := os.ReadFile(filepath.Join(dir, ".links.json"))
	if err != nil {
		t.Fatal(err)
	}
	sheet, err := os.ReadFile(filepath.Join(dir, "_links", "round-01.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range doc.Boards {
		secret := strings.TrimPrefix(b.Link, "/record/")
		if len(secret) < 20 || b.South == "" || b.North == "" || strings.Contains(string(hashes), secret) {
			t.Errorf("board %d: %+v (or its secret is in .links.json)", b.Board, b)
		}
		if !strings.Contains(string(sheet), "http://10.0.0.5:8080"+b.Link) {
			t.Errorf("the sheet lacks board %d's link", b.Board)
		}
	}
	if n := strings.Count(string(sheet), "data:image/png;base64,"); n != len(doc.Boards) {
		t.Errorf("the sheet has %d QR codes, want %d", n, len(doc.Boards))
	}
}

// bao event pair --lang sw prints the sheet of links in Kiswahili; without --lang the event
// folder's bao.toml says which; an unknown language is a usage error.
func TestEventPairSheetLang(t *testing.T) {
	cases := []struct {
		settings string
		args     []string
		want     string
		code     int
	}{
		{"", nil, "en", 0},
		{"", []string{"--lang", "sw"}, "sw", 0},
		{"lang = \"sw\"\n", nil, "sw", 0},
		{"lang = \"sw\"\n", []string{"--lang", "en"}, "en", 0},
		{"", []string{"--lang", "fr"}, "", 2},
	}
	for _, c := range cases {
		dir := filepath.Join(t.TempDir(), "club")
		args := []string{"event", "new", dir, "--name", "Club", "--variant", "kingulu", "--format", "round-robin",
			"--player", "Ali", "--player", "Bakari"}
		if code, _, errOut := runBao(t, "", args...); code != 0 {
			t.Fatal(errOut)
		}
		if c.settings != "" {
			if err := os.WriteFile(filepath.Join(dir, "bao.toml"), []byte(c.settings), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, _, errOut := runBao(t, "", append([]string{"event", "pair", dir}, c.args...)...)
		if code != c.code {
			t.Fatalf("%q %v: exit %d, want %d: %s", c.settings, c.args, code, c.code, errOut)
		}
		if c.code != 0 {
			continue
		}
		sheet, err := os.ReadFile(filepath.Join(dir, "_links", "round-01.html"))
		if err != nil {
			t.Fatal(err)
		}
		l := lang.Must(c.want)
		if !strings.Contains(string(sheet), `<html lang="`+c.want+`">`) || !strings.Contains(string(sheet), l.T("live.sheet.board", "Board", 1)) ||
			!strings.Contains(string(sheet), l.T("live.south")) {
			t.Errorf("%q %v: the sheet is not in %s:\n%.600s", c.settings, c.args, c.want, sheet)
		}
	}
}

// bao event sheets --lang sw writes the sheets in Kiswahili, HTML and PDF alike.
func TestEventSheetsLang(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "club")
	args := []string{"event", "new", dir, "--name", "Club", "--variant", "kingulu", "--format", "round-robin",
		"--player", "Ali", "--player", "Bakari", "--player", "Chande"}
	for _, a := range [][]string{args, {"event", "pair", dir}} {
		if code, _, errOut := runBao(t, "", a...); code != 0 {
			t.Fatal(errOut)
		}
	}
	for _, code := range lang.Codes {
		l := lang.Must(code)
		status, out, errOut := runBao(t, "", "event", "sheets", dir, "--round", "1", "--lang", code)
		if status != 0 {
			t.Fatalf("%s: exit %d: %s", code, status, errOut)
		}
		for _, want := range []string{`<html lang="` + code + `">`, html.EscapeString(l.T("sheets.first")),
			html.EscapeString(l.T("sheets.signs")), html.EscapeString(l.T("sheets.bye.bye"))} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the sheets lack %q", code, want)
			}
		}
	}
	if code, _, errOut := runBao(t, "", "event", "sheets", dir, "--round", "1", "--lang", "fr"); code != 2 {
		t.Errorf("--lang fr: exit %d, want 2: %s", code, errOut)
	}
}
