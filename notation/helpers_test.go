package notation

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with the golden file, or rewrites the file under -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run go test -update and review the diff):\n%s", path, lineDiff(string(want), got))
	}
}

// lineDiff shows the first differing line of two texts with its neighbours.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	b.WriteString("line " + strconv.Itoa(i+1) + ":\n")
	for _, l := range w[i:min(i+3, len(w))] {
		b.WriteString("- " + l + "\n")
	}
	for _, l := range g[i:min(i+3, len(g))] {
		b.WriteString("+ " + l + "\n")
	}
	return b.String()
}

// files lists the files matching a glob, failing if there are none.
func files(t testing.TB, pattern string) []string {
	t.Helper()
	fs, err := filepath.Glob(pattern)
	if err != nil || len(fs) == 0 {
		t.Fatalf("no files match %s", pattern)
	}
	return fs
}

// readFile reads a test file.
func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// seedRecords gives fuzz targets the example records and the hand-made test inputs.
func seedRecords(f *testing.F) []string {
	var out []string
	for _, pattern := range []string{"../testdata/records/*.bgn", "../testdata/historical/*.bgn",
		"testdata/verify/*.bgn", "testdata/print/*.input"} {
		for _, path := range files(f, pattern) {
			out = append(out, readFile(f, path))
		}
	}
	return append(out, "", "(((", "{", "[", "\"", "1.", "$", "A3 ;x", "\xff", "\x00")
}
