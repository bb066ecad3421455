package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkedExamples plays every worked example of the rules files (section 7 of each),
// kept in testdata/examples as the rules print them: a "start" BPN line, then one line per
// legal move the example discusses with the exact position after it.
func TestWorkedExamples(t *testing.T) {
	files := map[string]*Variant{
		"bao-kingulu.txt":      Kingulu,
		"bao-la-kimasai.txt":   Kimasai,
		"bao-la-kiswahili.txt": Kiswahili,
		"bao-la-kete.txt":      Kete,
	}
	for file, v := range files {
		t.Run(v.id, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "examples", file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var start Position
			section := ""
			sc := bufio.NewScanner(f)
			for line := 1; sc.Scan(); line++ {
				text := sc.Text()
				if strings.HasPrefix(text, "# ") {
					section = text[2:]
					continue
				}
				tok, bpn, ok := strings.Cut(text, " ")
				if !ok {
					continue
				}
				bpn = strings.TrimSpace(bpn)
				if tok == "start" {
					start, err = ParsePosition(v, bpn)
					if err != nil {
						t.Fatalf("%s:%d (%s): %v", file, line, section, err)
					}
					if got := start.String(); got != bpn {
						t.Errorf("%s:%d: BPN round trip\n got %s\nwant %s", file, line, got, bpn)
					}
					continue
				}
				c, err := start.ParseChild(tok, nil)
				if err != nil {
					t.Errorf("%s:%d (%s): %s: %v", file, line, section, tok, err)
					continue
				}
				if got := v.FormatMove(c.Move); got != tok {
					t.Errorf("%s:%d (%s): token %s written as %s", file, line, section, tok, got)
				}
				if got := c.Position.String(); got != bpn {
					t.Errorf("%s:%d (%s): after %s\n got %s\nwant %s", file, line, section, tok, got, bpn)
				}
			}
		})
	}
}
