package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShow(t *testing.T) {
	path := writeTemp(t, "g.bgn", "[Variant \"kingulu\"] A3 a1 *\n\n[Variant \"kingulu\"] A3 a2 *\n")
	tests := []struct {
		args []string
		code int
		want string // in stdout, or stderr for a failure
	}{
		{[]string{"--ply", "1"}, 0, "game 1, after ply 1, 1. A3\n        6  5  4  3  2  1\n  a:    1  0  6  6  0  1\n" +
			"  A:    6  6  2  7  0  6\n        1  2  3  4  5  6\n  North to move; stores: South 7, North 0\n" +
			"position: 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -\n"},
		{nil, 0, "game 1, after ply 2, 1... a1\n"},
		{[]string{"--ply", "0"}, 0, "game 1, start\n"},
		{[]string{"--game", "2", "--ply", "1"}, 0, "position: 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -\n"},
		{[]string{"--game", "2"}, 1, ":3:24: game 2, ply 2: illegal move a2"},
		{[]string{"--ply", "3"}, 1, "game 1 has 2 plies, not 3"},
		{[]string{"--game", "3"}, 1, "has no game 3"},
		{[]string{"--ply", "-5"}, 2, "--ply must be 0 or more"},
		{[]string{"--json", "--ply", "1"}, 0, `"ply":1,"plies":2,"move":"1. A3","variant":"kingulu","position":"1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -","to_move":"N"}`},
	}
	for _, tc := range tests {
		code, out, errOut := runBao(t, "", append([]string{"show", path}, tc.args...)...)
		got := out
		if tc.code != 0 {
			got = errOut
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("show %v: exit %d\nstdout %s\nstderr %s\nwant %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestShowSVG checks bao show --svg against golden images, one per game, and that each is a
// well-formed SVG document with a title describing the position.
func TestShowSVG(t *testing.T) {
	for _, tc := range []struct{ file, ply, title string }{
		{"kiswahili-annotated.bgn", "20", "Bao la Kiswahili, 10... a3&lt;: South to move"},
		{"kete-annotated.bgn", "5", "Bao la Kete, "},
		{"kingulu-annotated.bgn", "3", "Bao Kingulu, 2. "},
		{"kimasai-annotated.bgn", "4", "Bao la Kimasai, 2... "},
	} {
		src := filepath.Join("..", "..", "testdata", "records", tc.file)
		code, out, errOut := runBao(t, "", "show", src, "--ply", tc.ply, "--svg")
		if code != 0 {
			t.Fatalf("show --svg %s: exit %d: %s", tc.file, code, errOut)
		}
		if err := xml.Unmarshal([]byte(out), new(struct{})); err != nil {
			t.Errorf("%s: not well-formed XML: %v", tc.file, err)
		}
		if !strings.Contains(out, `<title id="title">`+tc.title) {
			t.Errorf("%s: no title %q in\n%.600s", tc.file, tc.title, out)
		}
		// The stylesheet is the site's (site.BoardStyle): the golden file holds the drawing.
		i, j := strings.Index(out, "<style>"), strings.Index(out, "</style>")
		if i < 0 || j < i || !strings.Contains(out[i:j], "svg.board .pit circle") {
			t.Fatalf("%s: no stylesheet for the board's pits", tc.file)
		}
		out = out[:i] + "<style>…" + out[j:]
		golden := filepath.Join("testdata", "show", strings.TrimSuffix(tc.file, ".bgn")+"-"+tc.ply+".svg")
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test ./cmd/bao -run TestShowSVG -update writes it)", err)
		}
		if out != string(want) {
			t.Errorf("%s: the image differs from %s (-update rewrites it)", tc.file, golden)
		}
	}
	// -o writes the same image to a file; --json with --svg, or -o alone, is a usage error.
	src := filepath.Join("..", "..", "testdata", "records", "kete-annotated.bgn")
	dst := filepath.Join(t.TempDir(), "kete.svg")
	_, stdout, _ := runBao(t, "", "show", src, "--ply", "5", "--svg")
	if code, out, errOut := runBao(t, "", "show", src, "--ply", "5", "--svg", "-o", dst); code != 0 || out != "" {
		t.Fatalf("show --svg -o: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	if got, err := os.ReadFile(dst); err != nil || string(got) != stdout {
		t.Errorf("-o wrote %d bytes (%v), not the %d of standard output", len(got), err, len(stdout))
	}
	for _, args := range [][]string{{"--svg", "--json"}, {"-o", dst}} {
		if code, _, errOut := runBao(t, "", append([]string{"show", src}, args...)...); code != 2 {
			t.Errorf("show %v: exit %d, want 2 (usage): %s", args, code, errOut)
		}
	}
}
