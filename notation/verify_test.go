package notation

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// validateText runs Validate on a file and renders its diagnostics as bao validate prints them.
func validateText(t *testing.T, path string) string {
	t.Helper()
	var b strings.Builder
	name := filepath.ToSlash(path)
	games, err := Validate(name, strings.NewReader(readFile(t, path)), func(e *Error) {
		b.WriteString(e.Error() + "\n" + e.Detail())
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "%d games\n", games)
	return b.String()
}

// TestVerifyGolden checks the exact diagnostics for hand-made faulty records.
func TestVerifyGolden(t *testing.T) {
	for _, path := range files(t, "testdata/verify/*.bgn") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			golden(t, strings.TrimSuffix(path, ".bgn")+".golden", validateText(t, path))
		})
	}
}

// TestHistoricalGolden: the shared transcripts with deliberate errors and their diagnostics.
func TestHistoricalGolden(t *testing.T) {
	for _, path := range files(t, filepath.Join("..", "testdata", "historical", "*.bgn")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			golden(t, strings.TrimSuffix(path, ".bgn")+".golden", validateText(t, path))
		})
	}
}
