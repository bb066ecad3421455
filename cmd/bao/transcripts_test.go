package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The transcripts of testdata/transcripts, written for this test from a self-played game:
//
//	filled.bgn     a "?" (12... a1<) that the rest of the game allows one way
//	ambiguous.bgn  that "?" and a last move "?" that six moves fill
//	slip.bgn       a scribe's slip (16... b6< for a6<)
//	fragment.bgn   that game with plies 21-30 and 41-50 lost, each gap (...) followed by its
//	               [%pos] checkpoint and the number of the move after it, and a "?" (17... a7>)
//	unchecked-gap.bgn  that fragment with its second checkpoint torn off
//
// Every command that reads a record reads each the same way: the filled game as the game with
// a1<, the fragment as the plies of the game that survive, numbered as in the game, and the
// others not at all, failing with exit 1 and the verifier's message.
const transcripts = "../../testdata/transcripts"

func TestTranscriptsReadAlikeByEveryCommand(t *testing.T) {
	out := t.TempDir()
	copyTo := func(name string) string {
		dir := filepath.Join(out, strings.TrimSuffix(name, ".bgn"))
		data, err := os.ReadFile(filepath.Join(transcripts, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	commands := func(dir, file string) map[string][]string {
		return map[string][]string{
			"show":    {"show", file, "--json"},
			"export":  {"export", "--to", "json", file},
			"stats":   {"stats", file, "--json"},
			"analyse": {"analyse", file, "--depth", "1", "--json"},
			"site":    {"site", "build", dir, "--out", filepath.Join(dir, "site")},
		}
	}

	t.Run("filled", func(t *testing.T) {
		dir := copyTo("filled.bgn")
		file := filepath.Join(dir, "filled.bgn")
		readsFilled(t, dir, file, commands(dir, file))
	})
	t.Run("fragment", func(t *testing.T) {
		dir := copyTo("fragment.bgn")
		file := filepath.Join(dir, "fragment.bgn")
		readsFragment(t, dir, file, commands(dir, file))
	})
	for _, name := range []string{"ambiguous.bgn", "slip.bgn", "unchecked-gap.bgn"} {
		t.Run(name, func(t *testing.T) {
			dir := copyTo(name)
			file := filepath.Join(dir, name)
			readsNone(t, dir, file, commands(dir, file))
		})
	}
}

// readsFilled checks that every command reads the filled transcript file as the game with a1<.
func readsFilled(t *testing.T, dir, file string, commands map[string][]string) {
	t.Helper()
	code, _, errOut := runBao(t, "", "validate", file)
	if code != 0 || !strings.Contains(errOut, "filled `?` at 12:55 as a1<") {
		t.Fatalf("validate: exit %d, %s", code, errOut)
	}
	// the same game written out in full
	data, _ := os.ReadFile(file)
	whole := filepath.Join(t.TempDir(), "whole.bgn")
	os.WriteFile(whole, []byte(strings.Replace(string(data), "12. A3< ?", "12. A3< a1<", 1)), 0o644)
	_, want, _ := runBao(t, "", "show", whole, "--json")
	for name, args := range commands {
		code, stdout, errOut := runBao(t, "", args...)
		if code != 0 {
			t.Errorf("%s: exit %d, %s", name, code, errOut)
			continue
		}
		readFilled(t, name, stdout, want, dir)
	}
	if code, _, errOut := runBao(t, "", "index", dir); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	var pos struct{ Position string }
	json.Unmarshal([]byte(want), &pos)
	code, stdout, _ := runBao(t, "", "search", dir, "--variant", "kiswahili", "--position", pos.Position, "--json")
	if code != 0 || !strings.Contains(stdout, `"reached":[60]`) || strings.Contains(stdout, `"errors"`) {
		t.Errorf("search: the index does not hold the whole game: %s", stdout)
	}
}

// readFilled checks the output of the command name on the filled transcript; want is bao
// show's of the game written out in full.
func readFilled(t *testing.T, name, stdout, want, dir string) {
	t.Helper()
	switch name {
	case "show":
		if !sameShow(stdout, want) {
			t.Errorf("show: %s, the game written out %s", stdout, want)
		}
	case "export":
		var g struct {
			Moves []struct {
				Move, Written string
			}
		}
		if err := json.Unmarshal([]byte(stdout), &g); err != nil || len(g.Moves) != 60 || g.Moves[23].Move != "a1<" || g.Moves[23].Written != "?" {
			t.Errorf("export: %v %.300s", err, stdout)
		}
	case "stats":
		if !strings.Contains(stdout, `"60-79"`) {
			t.Errorf("stats: the game is 60 plies long: %s", stdout)
		}
	case "analyse":
		if n := strings.Count(stdout, `"ply":`); n != 60 {
			t.Errorf("analyse: %d moves judged, want 60", n)
		}
	case "site":
		page, _ := os.ReadFile(filepath.Join(dir, "site", "filled", "1.html"))
		if !strings.Contains(string(page), `class="filled" title="illegible in the source: ?">a1&lt;</a>`) {
			t.Errorf("site: the game page does not show the fill")
		}
	}
}

// readsNone checks that every command refuses the transcript file with exit 1 and the
// verifier's message at its place.
func readsNone(t *testing.T, dir, file string, commands map[string][]string) {
	t.Helper()
	code, stdout, _ := runBao(t, "", "validate", "--json", file)
	var rep Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 1 || len(rep.Errors) != 1 {
		t.Fatalf("validate: exit %d, %v, %s", code, err, stdout)
	}
	e := rep.Errors[0]
	// what every command says: the place and the message, up to what validate did next
	msg, _, _ := strings.Cut(e.Message, ";")
	for cmd, args := range commands {
		code, _, errOut := runBao(t, "", args...)
		if code != 1 || !strings.Contains(errOut, ":"+strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Col)+": ") || !strings.Contains(errOut, msg) {
			t.Errorf("%s: exit %d, want 1 and %q at %d:%d; stderr:\n%s", cmd, code, msg, e.Line, e.Col, errOut)
		}
	}
	if code, _, errOut := runBao(t, "", "index", dir); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	code, stdout, _ = runBao(t, "", "search", dir, "errors:true", "--json")
	if code != 0 || !strings.Contains(stdout, strings.ReplaceAll(msg, "<", `\u003c`)) && !strings.Contains(stdout, msg) {
		t.Errorf("search errors:true: %s, want %q", stdout, msg)
	}
}

// sameShow compares two bao show --json documents but for the file name.
func sameShow(a, b string) bool {
	var x, y showDoc
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	x.File, y.File = "", ""
	return x == y
}

// TestRepairLabelsFollowPrintedNumbering: in a transcript where the scribe left out a move
// (omitted.bgn) or wrote one too many (extra.bgn), and slipped again later, bao validate and
// bao repair name every problem by the ply and move number printed in the transcript, not by
// the ply the move has in the game as repaired.
func TestRepairLabelsFollowPrintedNumbering(t *testing.T) {
	for _, name := range []string{"omitted.bgn", "extra.bgn"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(transcripts, name)
			printed := printedPlies(string(readBytes(t, file)))
			repairLabels(t, file, printed, validateLabels(t, file, printed))
		})
	}
}

// validateLabels checks that bao validate names the transcript's two problems by their printed
// plies, and gives those plies.
func validateLabels(t *testing.T, file string, printed map[[2]int]printedPly) []int {
	t.Helper()
	_, stdout, _ := runBao(t, "", "validate", "--json", file)
	var rep Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Errors) != 2 {
		t.Fatalf("validate: %v, %s", err, stdout)
	}
	var plies []int
	for _, e := range rep.Errors {
		if want := printed[[2]int{e.Line, e.Col}]; e.Ply != want.ply {
			t.Errorf("validate: %d:%d is ply %d, printed as ply %d (%s)", e.Line, e.Col, e.Ply, want.ply, want.label)
		}
		plies = append(plies, e.Ply)
	}
	return plies
}

// repairLabels checks that bao repair's first repair edits the transcript at the plies printed
// there, which are validate's, and says so in words.
func repairLabels(t *testing.T, file string, printed map[[2]int]printedPly, validated []int) {
	t.Helper()
	_, stdout, _ := runBao(t, "", "repair", "--json", file)
	var doc struct {
		Games []struct {
			Repairs []struct {
				Edits []struct{ Ply, Line, Col int }
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Games) != 1 || len(doc.Games[0].Repairs) == 0 {
		t.Fatalf("repair: %v, %s", err, stdout)
	}
	edits := doc.Games[0].Repairs[0].Edits
	if len(edits) != len(validated) {
		t.Fatalf("repair: the first repair has %d edits, want %d: %s", len(edits), len(validated), stdout)
	}
	_, human, _ := runBao(t, "", "repair", file)
	for k, e := range edits {
		// an inserted move goes before the written move at its place
		want := printed[[2]int{e.Line, e.Col}]
		if e.Ply != want.ply || e.Ply != validated[k] {
			t.Errorf("repair: edit at %d:%d is ply %d; printed ply %d (%s), validate's %d", e.Line, e.Col, e.Ply, want.ply, want.label, validated[k])
		}
		if label := fmt.Sprintf("ply %d (move %s)", want.ply, want.label); !strings.Contains(human, label) {
			t.Errorf("repair does not say %q:\n%s", label, human)
		}
	}
}

// printedPly is the ply a move has by the numbering printed before it, and that number.
type printedPly struct {
	ply   int
	label string // "22..."
}

// printedPlies reads the numbering a transcript prints, without comments or variations: each
// move token's place (line, column) and its ply by the move number written before it.
func printedPlies(text string) map[[2]int]printedPly {
	out := map[[2]int]printedPly{}
	_, movetext, _ := strings.Cut(text, "\n\n")
	first := strings.Count(text[:len(text)-len(movetext)], "\n") + 1
	num, north, after := 0, false, 0 // after: moves read since the number
	for i, line := range strings.Split(movetext, "\n") {
		col := 1
		for _, word := range strings.SplitAfter(line, " ") {
			w := strings.TrimSpace(word)
			switch {
			case w == "":
			case strings.HasSuffix(w, "."):
				n, _ := strconv.Atoi(strings.TrimRight(w, "."))
				num, north, after = n, strings.HasSuffix(w, "..."), 0
			default:
				ply := 2*num - 1 + after
				if north {
					ply++
				}
				label := strconv.Itoa((ply+1)/2) + "."
				if ply%2 == 0 {
					label += ".."
				}
				out[[2]int{first + i, col}] = printedPly{ply, label}
				after++
			}
			col += len(word)
		}
	}
	return out
}

// readsFragment checks that every command reads the fragment as the plies of the whole game
// (slip.bgn with its slip mended) that survive, numbered as in the game, with its two gaps.
func readsFragment(t *testing.T, dir, file string, commands map[string][]string) {
	t.Helper()
	whole, w := fragmentAgainstWhole(t, file)
	for name, args := range commands {
		code, stdout, errOut := runBao(t, "", args...)
		if code != 0 {
			t.Errorf("%s: exit %d, %s", name, code, errOut)
			continue
		}
		fragmentOutput(t, name, stdout, dir, whole, w)
	}
	// annotated, each move's judgement goes after that move, none on the gaps
	annotated := filepath.Join(t.TempDir(), "fragment.bgn")
	os.WriteFile(annotated, readBytes(t, file), 0o644)
	if code, _, errOut := runBao(t, "", "analyse", "--annotate", "--depth", "1", annotated); code != 0 {
		t.Errorf("analyse --annotate: exit %d, %s", code, errOut)
	} else if code, _, errOut := runBao(t, "", "validate", annotated); code != 0 || !strings.Contains(errOut, "plies 1-20, 31-40 and 51-60 verified") {
		t.Errorf("validate after analyse --annotate: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runBao(t, "", "index", dir); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	for ply, pos := range map[int]string{60: w.Moves[59].Position, 50: w.Moves[49].Position, 20: w.Moves[19].Position} {
		code, stdout, _ := runBao(t, "", "search", dir, "--variant", "kiswahili", "--position", pos, "--json")
		if code != 0 || !strings.Contains(stdout, `"reached":[`+strconv.Itoa(ply)+`]`) || !strings.Contains(stdout, `"plies":60`) {
			t.Errorf("search: ply %d of the fragment: %s", ply, stdout)
		}
	}
}

// exported is a game as bao export --to json writes it.
type exported struct {
	Moves []struct {
		Ply            int
		Move, Position string
		Gap            bool
	}
}

// showAt is bao show --json of a file at a ply, and its exit code.
func showAt(t *testing.T, file string, ply int) (int, string) {
	code, out, _ := runBao(t, "", "show", file, "--ply", strconv.Itoa(ply), "--json")
	return code, out
}

// fragmentAgainstWhole checks validate, show and repair of the fragment against the whole game,
// which it writes, and gives with its export.
func fragmentAgainstWhole(t *testing.T, file string) (string, exported) {
	t.Helper()
	code, _, errOut := runBao(t, "", "validate", file)
	if code != 0 || !strings.Contains(errOut, "fragment: plies 1-20, 31-40 and 51-60 verified, each from its start or checkpoint; plies 21-30 and 41-50 lost") ||
		!strings.Contains(errOut, "filled `?` at 13:21 as a7>") {
		t.Fatalf("validate: exit %d, %s", code, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(transcripts, "slip.bgn"))
	whole := filepath.Join(t.TempDir(), "whole.bgn")
	os.WriteFile(whole, []byte(strings.Replace(string(data), "b6<", "a6<", 1)), 0o644)
	for _, ply := range []int{0, 20, 31, 34, 40, 51, 60} {
		_, want := showAt(t, whole, ply)
		if code, got := showAt(t, file, ply); code != 0 || !sameShow(got, want) {
			t.Errorf("show --ply %d: exit %d, %s; the whole game %s", ply, code, got, want)
		}
	}
	if code, _, errOut := runBao(t, "", "show", file, "--ply", "25"); code != 1 || !strings.Contains(errOut, "ply 25 is lost in a gap") {
		t.Errorf("show --ply 25: exit %d, %s", code, errOut)
	}
	if code, out, _ := runBao(t, "", "repair", file); code != 0 || !strings.Contains(out, "ply 34 (move 17...): fill ? -> a7>") {
		t.Errorf("repair: exit %d, %s", code, out)
	}
	_, export, _ := runBao(t, "", "export", "--to", "json", whole)
	var w exported
	json.Unmarshal([]byte(export), &w)
	if len(w.Moves) != 60 {
		t.Fatalf("export of the whole game: %d moves, want 60", len(w.Moves))
	}
	return whole, w
}

// fragmentOutput checks what one command printed for the fragment against the whole game.
func fragmentOutput(t *testing.T, name, stdout, dir, whole string, w exported) {
	t.Helper()
	switch name {
	case "show":
		if _, want := showAt(t, whole, 60); !sameShow(stdout, want) {
			t.Errorf("show: %s, the whole game %s", stdout, want)
		}
	case "export":
		fragmentExport(t, stdout, w)
	case "stats":
		if !strings.Contains(stdout, `"60-79"`) {
			t.Errorf("stats: the fragment covers 60 plies: %s", stdout)
		}
	case "analyse":
		if n := strings.Count(stdout, `"ply":`); n != 40 || strings.Contains(stdout, `"ply":21,`) || !strings.Contains(stdout, `"ply":31,`) {
			t.Errorf("analyse: %d moves judged, want the 40 of plies 1-20, 31-40, 51-60", n)
		}
	case "site":
		page, _ := os.ReadFile(filepath.Join(dir, "site", "fragment", "1.html"))
		if n := strings.Count(string(page), `class="gap" title="moves lost in the source; the game goes on at `); n != 2 ||
			!strings.Contains(string(page), `goes on at 16.`) || !strings.Contains(string(page), `goes on at 26.`) {
			t.Errorf("site: the game page shows %d gaps, want 2 (at 16. and 26.)", n)
		}
	}
}

// fragmentExport checks bao export --to json of the fragment: the 40 plies that survive, as
// the whole game has them, and each gap at the position the game stands at before it.
func fragmentExport(t *testing.T, stdout string, w exported) {
	t.Helper()
	var g exported
	if err := json.Unmarshal([]byte(stdout), &g); err != nil || len(g.Moves) != 42 {
		t.Fatalf("export: %v, %d entries, %.300s", err, len(g.Moves), stdout)
	}
	for _, m := range g.Moves {
		switch {
		case m.Gap && (m.Move != "..." || m.Position != w.Moves[m.Ply-2].Position):
			t.Errorf("export: gap %+v, the game stands at %s", m, w.Moves[m.Ply-2].Position)
		case !m.Gap && (m.Move != w.Moves[m.Ply-1].Move || m.Position != w.Moves[m.Ply-1].Position):
			t.Errorf("export: ply %d %s, the game's is %s", m.Ply, m.Move, w.Moves[m.Ply-1].Move)
		}
	}
}

func readBytes(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
