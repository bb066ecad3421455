package sheets

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bao-archive/bao/event"
)

// newRound makes an 11-player Swiss, pairs round 1 (five boards and the bye) and enters the
// result of board 2; one player has a half-point bye declared for round 2.
func newRound(t *testing.T) (string, *event.Round) {
	t.Helper()
	dir := t.TempDir()
	c := event.Config{Name: "Zanzibar Open 2026", Site: "Stone Town", Variant: "kiswahili", Format: "swiss", Rounds: 5}
	for i := range 11 {
		c.Players = append(c.Players, event.Player{Name: fmt.Sprintf("Mchezaji %02d", i+1), Rating: 1900 - 10*i})
	}
	if err := event.New(dir, c); err != nil {
		t.Fatal(err)
	}
	_, r, err := event.Pair(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := event.SetResult(dir, event.Entry{Round: 1, Board: 2, Result: "1/2-1/2"}); err != nil {
		t.Fatal(err)
	}
	return dir, r
}

// The PDF has the pairing list and a page per board: its text, read back by pdftotext,
// lists the boards in order with their players, and each score sheet names its board's.
func TestPDFMatchesPairings(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: the PDF's text cannot be read back")
	}
	dir, paired := newRound(t)
	r, err := FromEvent(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, paper := range []string{"a4", "letter"} {
		var b bytes.Buffer
		if err := r.PDF(&b, Papers[paper]); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "r1.pdf")
		os.WriteFile(path, b.Bytes(), 0o644)
		out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		pages := strings.Split(strings.TrimRight(string(out), "\f\n"), "\f")
		if len(pages) != 1+len(paired.Boards)-1 { // the bye has no sheet
			t.Fatalf("%s: %d pages, want the pairing list and %d score sheets", paper, len(pages), len(paired.Boards)-1)
		}
		var list []string
		for _, line := range strings.Split(pages[0], "\n") {
			if f := strings.Fields(line); len(f) >= 5 && regexp.MustCompile(`^\d+$`).MatchString(f[0]) {
				list = append(list, strings.Join(f, " "))
			}
		}
		for i, p := range paired.Boards {
			if p.North == "" {
				if !strings.Contains(pages[0], p.South+": bye (1)") {
					t.Errorf("%s: the pairing list has no bye of %s", paper, p.South)
				}
				continue
			}
			want := fmt.Sprintf("%d %s %d", p.Board, p.South, ratingOf(p.South))
			if i >= len(list) || !strings.HasPrefix(list[i], want) || !strings.Contains(list[i], p.North) {
				t.Errorf("%s: board %d reads %q, want %s against %s", paper, p.Board, list, want, p.North)
			}
			if i == 1 && !strings.Contains(list[i], "½-½") {
				t.Errorf("%s: board 2 has no result: %q", paper, list[i])
			}
			sheet := pages[1+i]
			if !strings.Contains(sheet, fmt.Sprintf("round 1, board %d", p.Board)) || !strings.Contains(sheet, p.South) ||
				!strings.Contains(sheet, p.North) || !strings.Contains(sheet, "60") || !strings.Contains(sheet, "ARBITER") {
				t.Errorf("%s: score sheet %d:\n%s", paper, p.Board, sheet)
			}
		}
	}
}

// ratingOf is the rating newRound gives a player.
func ratingOf(name string) int {
	var n int
	fmt.Sscanf(name, "Mchezaji %d", &n)
	return 1900 - 10*(n-1)
}

// The HTML page prints on the paper asked, a sheet a page: the pairing list, then a score
// sheet per board with 60 numbered lines; a name is escaped.
func TestHTML(t *testing.T) {
	dir, paired := newRound(t)
	r, err := FromEvent(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Boards[0].South = "<b>Ali</b>"
	r.Boards[0].QR = []byte("\x89PNG")
	var b bytes.Buffer
	if err := r.HTML(&b, Papers["letter"]); err != nil {
		t.Fatal(err)
	}
	h := b.String()
	for _, want := range []string{"@page { size: Letter;", "page-break-after: always", `id="board-5"`, "&lt;b&gt;Ali&lt;/b&gt;",
		`<td class="n">60</td>`, `src="data:image/png;base64,iVBORw=="`} {
		if !strings.Contains(h, want) {
			t.Errorf("no %q in the page", want)
		}
	}
	if n := strings.Count(h, `<section class="sheet`); n != len(paired.Boards) {
		t.Errorf("%d sheets, want %d (the list and a sheet per board played)", n, len(paired.Boards))
	}
	if _, err := FromEvent(dir, 2); err == nil {
		t.Error("sheets of a round not paired")
	}
}

// With the server's address, each score sheet carries the QR code of its own board's
// recording link, and the PDF holds one image per board.
func TestAddLinks(t *testing.T) {
	dir, paired := newRound(t)
	r, err := FromEvent(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddLinks(dir, "http://192.168.1.10:8080/"); err != nil {
		t.Fatal(err)
	}
	links, _ := event.Links(dir, 1)
	for i, b := range r.Boards {
		want, _ := event.QRCode("http://192.168.1.10:8080"+links.Boards[i].Link, 256)
		if links.Boards[i].Board != b.Number || !bytes.Equal(b.QR, want) {
			t.Errorf("board %d: no QR code of its link %s", b.Number, links.Boards[i].Link)
		}
	}
	var pdf bytes.Buffer
	if err := r.PDF(&pdf, Papers["a4"]); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(pdf.Bytes(), []byte("/Subtype /Image")); n != len(paired.Boards)-1 {
		t.Errorf("%d images in the PDF, want one per board played (%d)", n, len(paired.Boards)-1)
	}
	other, _ := FromEvent(t.TempDir(), 1)
	if other != nil {
		t.Error("sheets of no event")
	}
}

func ExampleRound_HTML() {
	r := &Round{Event: "Club night", Variant: "Bao la Kiswahili", Number: 1,
		Boards: []Board{{Label: "1", South: "Ali Juma", North: "Bakari Said"}}}
	var b bytes.Buffer
	r.HTML(&b, Papers["a4"])
	fmt.Println(strings.Count(b.String(), `<section class="sheet`), "sheets")
	// Output: 2 sheets
}
