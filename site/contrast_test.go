package site

import (
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
	sheet := parseCSS(string(css))
	board := sheet.color(t, "svg.board .frame", "fill")
	// The fills a ring can sit on: a plain pit of each side, and the marks of a move.
	fills := map[string]string{}
	for _, f := range []string{"", ".n", ".sown", ".early", ".capt"} {
		fills["pit"+f] = sheet.color(t, "svg.board .pit"+f+" circle", "fill")
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
		ring := sheet.color(t, "svg.board .pit."+r.class+" "+shape, "stroke")
		if c := contrast(ring, board); c < 3 {
			t.Errorf("ring %s (%s) against the board (%s): %.2f:1, want at least 3:1", r.class, ring, board, c)
		}
		for _, f := range r.on {
			if c := contrast(ring, fills[f]); c < 3 {
				t.Errorf("ring %s (%s) on %s (%s): %.2f:1, want at least 3:1", r.class, ring, f, fills[f], c)
			}
		}
	}
	// The counts on the marked fills are text: 4.5:1.
	for _, f := range []string{"sown", "capt"} {
		text := sheet.color(t, "svg.board .pit."+f+" text", "fill")
		if c := contrast(text, fills["pit."+f]); c < 4.5 {
			t.Errorf("count on %s: %.2f:1, want at least 4.5:1", f, c)
		}
	}
}

// TestContrastFails: the measure tells a failing pair from a passing one.
func TestContrastFails(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{{"#000000", "#ffffff", 21}, {"#ffffff", "#ffffff", 1}, {"#777777", "#ffffff", 4.48}} {
		if got := contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("contrast(%s, %s) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

// cssSheet is a stylesheet's rules as written: each selector (of a comma list) with its
// declarations, and the custom properties of :root.
type cssSheet struct {
	rules []cssRule
	vars  map[string]string
}

type cssRule struct {
	sel   string
	decls map[string]string
}

var cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)

func parseCSS(src string) cssSheet {
	sh := cssSheet{vars: map[string]string{}}
	src = cssComment.ReplaceAllString(src, "")
	for _, block := range strings.Split(src, "}") {
		sel, body, ok := strings.Cut(block, "{")
		if !ok || strings.Contains(sel, "@") {
			continue // @media blocks: the board's colours are not in them
		}
		decls := map[string]string{}
		for _, d := range strings.Split(body, ";") {
			if k, v, ok := strings.Cut(d, ":"); ok {
				decls[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		for _, s := range strings.Split(sel, ",") {
			s = strings.Join(strings.Fields(s), " ")
			if s == ":root" {
				for k, v := range decls {
					sh.vars[k] = v
				}
			}
			sh.rules = append(sh.rules, cssRule{s, decls})
		}
	}
	return sh
}

// color is the value the last rule with exactly this selector gives to prop, with var()
// resolved.
func (sh cssSheet) color(t *testing.T, sel, prop string) string {
	t.Helper()
	v := ""
	for _, r := range sh.rules {
		if r.sel == sel && r.decls[prop] != "" {
			v = r.decls[prop]
		}
	}
	for strings.HasPrefix(v, "var(") {
		v = sh.vars[strings.TrimSuffix(strings.TrimPrefix(v, "var("), ")")]
	}
	if !regexp.MustCompile(`^#[0-9a-fA-F]{6}$`).MatchString(v) {
		t.Fatalf("%s { %s }: %q is not a colour the test reads (#rrggbb)", sel, prop, v)
	}
	return v
}

// contrast is the WCAG 2 contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(hex string) float64 {
	var c [3]float64
	for i := range c {
		n, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		v := float64(n) / 255
		if v <= 0.03928 {
			c[i] = v / 12.92
		} else {
			c[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
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
