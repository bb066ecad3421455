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
//
// Every command that reads a record reads each the same way: the filled game as the game with
// a1<, and the two others not at all, failing with exit 1 and the verifier's message.
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
	for _, name := range []string{"ambiguous.bgn", "slip.bgn"} {
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
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			printed := printedPlies(string(data))
			_, stdout, _ := runBao(t, "", "validate", "--json", file)
			var rep Report
			if err := json.Unmarshal([]byte(stdout), &rep); err != nil || len(rep.Errors) != 2 {
				t.Fatalf("validate: %v, %s", err, stdout)
			}
			for _, e := range rep.Errors {
				if want := printed[[2]int{e.Line, e.Col}]; e.Ply != want.ply {
					t.Errorf("validate: %d:%d is ply %d, printed as ply %d (%s)", e.Line, e.Col, e.Ply, want.ply, want.label)
				}
			}
			_, stdout, _ = runBao(t, "", "repair", "--json", file)
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
			if len(edits) != 2 {
				t.Fatalf("repair: the first repair has %d edits, want 2: %s", len(edits), stdout)
			}
			_, human, _ := runBao(t, "", "repair", file)
			for k, e := range edits {
				// an inserted move goes before the written move at its place
				want := printed[[2]int{e.Line, e.Col}]
				if e.Ply != want.ply || e.Ply != rep.Errors[k].Ply {
					t.Errorf("repair: edit at %d:%d is ply %d; printed ply %d (%s), validate's %d", e.Line, e.Col, e.Ply, want.ply, want.label, rep.Errors[k].Ply)
				}
				if label := fmt.Sprintf("ply %d (move %s)", want.ply, want.label); !strings.Contains(human, label) {
					t.Errorf("repair does not say %q:\n%s", label, human)
				}
			}
		})
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
