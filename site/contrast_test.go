package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bao-archive/bao/internal/sitetest"
)

// TestRingContrast computes, from the stylesheet's own colours, the contrast (WCAG 2 relative
// luminance) of every ring a board draws against the fills of the pits it can ring and against
// the board around it: at least 3:1 each (WCAG 1.4.11, non-text contrast). A ring that fails
// cannot be told from its pit or from the wood.
func TestRingContrast(t *testing.T) {
	css, err := files.ReadFile("static/site.css")
	if err != nil {
		t.Fatal(err)
	}
	sheet := sitetest.ParseCSS(string(css))
	board := sheet.Color(t, "svg.board .frame", "fill")
	// The fills a ring can sit on: a plain pit of each side, and the marks of a move.
	fills := map[string]string{}
	for _, f := range []string{"", ".n", ".sown", ".early", ".capt"} {
		fills["pit"+f] = sheet.Color(t, "svg.board .pit"+f+" circle", "fill")
	}
	// Each ring and the fills it can be drawn on: the move's marks (from, lift, hand), the
	// position's (block, reserved pits, kichwa, an owned nyumba) and the dimmed laps' own.
	all := []string{"pit", "pit.n", "pit.sown", "pit.early", "pit.capt"}
	rings := []struct {
		class string
		on    []string
	}{
		{"from", []string{"pit", "pit.n", "pit.sown", "pit.early"}},
		{"lift", []string{"pit", "pit.n", "pit.early", "pit.sown"}},
		{"hand", []string{"pit.sown"}},
		{"block", []string{"pit", "pit.n", "pit.sown", "pit.early"}},
		{"rsv-s", all},
		{"rsv-n", all},
		{"kichwa", []string{"pit", "pit.n", "pit.sown", "pit.capt"}},
		{"house.owned", []string{"pit", "pit.n", "pit.sown", "pit.capt"}},
		{"early", []string{"pit.early"}},
		{"stone.capt", []string{"pit"}},
	}
	for _, r := range rings {
		shape := "circle"
		if r.class == "house.owned" {
			shape = "rect"
		}
		ring := sheet.Color(t, "svg.board .pit."+r.class+" "+shape, "stroke")
		if c := sitetest.Contrast(ring, board); c < 3 {
			t.Errorf("ring %s (%s) against the board (%s): %.2f:1, want at least 3:1", r.class, ring, board, c)
		}
		for _, f := range r.on {
			if c := sitetest.Contrast(ring, fills[f]); c < 3 {
				t.Errorf("ring %s (%s) on %s (%s): %.2f:1, want at least 3:1", r.class, ring, f, fills[f], c)
			}
		}
	}
	// The counts on the marked fills are text: 4.5:1.
	for _, f := range []string{"sown", "capt"} {
		text := sheet.Color(t, "svg.board .pit."+f+" text", "fill")
		if c := sitetest.Contrast(text, fills["pit."+f]); c < 4.5 {
			t.Errorf("count on %s: %.2f:1, want at least 4.5:1", f, c)
		}
	}
}

// TestArchiveNamesNoColour: the demo archive's pages say what a mark means through the key
// (```bao variant=ID key), drawn by the boards' own code, never by naming a colour, which the
// stylesheet can change (they once said yellow and blue where the boards were teal and red).
func TestArchiveNamesNoColour(t *testing.T) {
	colour := regexp.MustCompile(`(?i)\b(yellow|blue|red|green|teal|orange|purple|tint|njano|bluu|buluu|nyekundu|kijani)\b`)
	root := filepath.Join("..", "testdata", "archive")
	keys := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".md" {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		keys += strings.Count(string(src), " key\n```")
		for i, line := range strings.Split(string(src), "\n") {
			if m := colour.FindString(line); m != "" {
				t.Errorf("%s:%d names a colour (%q): point to the key instead", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if keys == 0 {
		t.Error("no page of the demo archive shows a key")
	}
}
