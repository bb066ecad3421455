package notation

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestRewrite: a file is rewritten only whole, only when it changes, and never when that
// would lose its syntax errors' text or its escape lines.
func TestRewrite(t *testing.T) {
	const game = "[Variant \"kingulu\"]\n\n1. A3 a4 *\n"
	keep := func(r *Record) ([]*Record, error) { return []*Record{r}, nil }
	drop := func(r *Record) ([]*Record, error) { return nil, nil }
	for _, tc := range []struct {
		name, src string
		opts      RewriteOptions
		edit      func(*Record) ([]*Record, error)
		changed   bool
		kind      error // of the error, nil for none
	}{
		{"canonical already", "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 a4 *\n", RewriteOptions{}, keep, false, nil},
		{"to the export form", game, RewriteOptions{}, keep, true, nil},
		{"games dropped", game + "\n" + game, RewriteOptions{}, drop, true, nil},
		{"syntax error", game + "\n[Variant \"kingulu\"]\n\n1. A3 {open *\n", RewriteOptions{}, keep, false, ErrUnterminated},
		{"escape line", "% a tool's line\n" + game, RewriteOptions{}, keep, false, ErrEscapeLines},
		{"escape line dropped", "% a tool's line\n" + game, RewriteOptions{DropEscapes: true}, keep, true, nil},
		{"no games", "% nothing\n", RewriteOptions{}, keep, false, ErrNoGames},
		{"edit fails", game, RewriteOptions{}, func(*Record) ([]*Record, error) { return nil, ErrInternal }, false, ErrInternal},
	} {
		path := filepath.Join(t.TempDir(), "f.bgn")
		if err := os.WriteFile(path, []byte(tc.src), 0o600); err != nil {
			t.Fatal(err)
		}
		changed, err := Rewrite(path, tc.opts, tc.edit)
		after, _ := os.ReadFile(path)
		switch {
		case tc.kind == nil && err != nil, tc.kind != nil && !errors.Is(err, tc.kind):
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.kind)
		case changed != tc.changed || changed == (string(after) == tc.src):
			t.Errorf("%s: changed %v, want %v; the file holds:\n%s", tc.name, changed, tc.changed, after)
		}
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: the file's mode is %v (%v), want 0600 kept", tc.name, info.Mode(), err)
		}
		if ms, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp")); len(ms) > 0 {
			t.Errorf("%s: temporary files left: %v", tc.name, ms)
		}
	}
}
