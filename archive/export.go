package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bao-archive/bao/notation"
)

// Export reads from the archive at root the records of every game q matches (all of them, not
// one page), in the order Search gives, as pgn-extract writes the games a filter selects.
// The records come from the files, which stay the source of truth: a file changed since it
// was indexed gives an error rather than another game.
func (ix *Index) Export(ctx context.Context, root string, q Query) ([]*notation.Record, error) {
	q.Facets, q.Offset = false, 0
	q.Limit = 1
	res, err := ix.Search(ctx, q)
	if err != nil || res.Total == 0 {
		return nil, err
	}
	q.Limit = res.Total
	if res, err = ix.Search(ctx, q); err != nil {
		return nil, err
	}
	want := map[string]map[int]int{} // file -> game number -> place in the answer
	for i, h := range res.Hits {
		if want[h.File] == nil {
			want[h.File] = map[int]int{}
		}
		want[h.File][h.Game] = i
	}
	recs := make([]*notation.Record, len(res.Hits))
	for file, games := range want {
		if err := pickGames(filepath.Join(root, filepath.FromSlash(file)), games, recs); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// pickGames reads the numbered games of one file into their places in recs.
func pickGames(path string, games map[int]int, recs []*notation.Record) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := notation.NewScanner(f, path)
	found := 0
	for sc.Scan() && found < len(games) {
		if i, ok := games[sc.Record().Number]; ok {
			recs[i] = sc.Record()
			found++
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if found < len(games) {
		return fmt.Errorf("%s has changed since it was indexed (run bao index again)", path)
	}
	return nil
}
