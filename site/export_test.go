package site

import (
	"io/fs"
	"testing"

	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site/board"
)

// The tests of package site_test (the browser's, which need the live server of site/server
// and so cannot be inside package site) reach these through this file.

var WriteArchive = writeArchive

// NodeBoards draws the board of every node of the first game of a record file, by node id,
// as the build draws them.
func NodeBoards(t testing.TB, fsys fs.FS, file string) []*board.Board {
	t.Helper()
	var g *game
	err := scanGames(fsys, file, file, func(n int, several bool, rec *notation.Record, errs notation.ErrorList) error {
		if g == nil {
			g = newGame(file, file, n, several, rec, errs)
		}
		return nil
	})
	if err != nil || g == nil {
		t.Fatalf("reading %s: %v", file, err)
	}
	var out []*board.Board
	for _, n := range g.nodes {
		out = append(out, board.New(inEnglish, n.pos, n.marks))
	}
	return out
}
