// Package sitetest reads the fixture archives of the site's tests (txtar files), for the
// builder's tests and the live server's alike.
package sitetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// Fixture reads the txtar archive at file as a file system.
func Fixture(t testing.TB, file string) fstest.MapFS {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return fsys
}

// Write writes the txtar archive at file to a temporary folder and returns the folder.
func Write(t testing.TB, file string) string {
	t.Helper()
	dir := t.TempDir()
	for name, f := range Fixture(t, file) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Generated makes an archive of n random games, spread over the four variants and ten
// files per variant, each game with a comment holding a diagram.
func Generated(tb testing.TB, n int) fstest.MapFS {
	tb.Helper()
	fsys := fstest.MapFS{"README.md": {Data: []byte("# Generated\n\nRandom games.\n")}}
	files := map[string]*strings.Builder{}
	vs := engine.Variants()
	for i := range n {
		v := vs[i%len(vs)]
		g := engine.RandomGame(v.Start(), engine.NewRand(7, uint64(i)), 120)
		r := notation.FromGame([]notation.Tag{
			{Name: "Event", Value: fmt.Sprintf("Generated %d", i%13)},
			{Name: "Date", Value: fmt.Sprintf("%d.01.01", 1990+i%30)},
			{Name: "South", Value: fmt.Sprintf("Player %d", i%50)},
			{Name: "North", Value: fmt.Sprintf("Player %d", (i+7)%50)},
		}, g)
		if len(r.Moves) > 4 {
			r.Moves[3].After = append(r.Moves[3].After, notation.Comment{Text: "A *generated* note.\n\n```bao\nafter=4\n```\n"})
		}
		name := fmt.Sprintf("%s/games-%d.bgn", v.ID(), i/len(vs)%10)
		if files[name] == nil {
			files[name] = &strings.Builder{}
		}
		if err := notation.Write(files[name], r); err != nil {
			tb.Fatal(err)
		}
		files[name].WriteString("\n")
	}
	for name, b := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(b.String())}
	}
	return fsys
}
