package archive_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bao-archive/bao/archive"
)

func Example() {
	root, _ := os.MkdirTemp("", "bao-archive")
	defer os.RemoveAll(root)
	os.WriteFile(filepath.Join(root, "cup.bgn"), []byte(`[Event "Kingulu Cup"]
[Date "1998.07.12"]
[South "Ali Juma"]
[North "Mwana Hassan"]
[Result "1-0"]
[Variant "Bao Kingulu"]

1. A6 a3 2. A3 a3 3. A6 a1 4. A1 a6 5. A6 a4 6. A6 a6 7. A2 a5 8. A5 a6 9. A6
a2 1-0
`), 0o644)

	ctx := context.Background()
	sum, err := archive.Update(ctx, root, archive.UpdateOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d file, %d game, %d positions\n", sum.Files, sum.Games, sum.Positions)

	ix, err := archive.Open(archive.DefaultIndexDir(root))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ix.Close()
	res, _ := ix.Search(ctx, archive.Query{Player: "ali juma", Variant: "kingulu", After: []string{"A6", "a3"}})
	for _, h := range res.Hits {
		fmt.Printf("%s:%d %s - %s %s, position reached at ply %v\n", h.File, h.Line, h.South, h.North, h.Result, h.Reached)
	}
	tree, _ := ix.Explore(ctx, archive.ExploreQuery{Variant: "kingulu"})
	for _, m := range tree.Moves {
		fmt.Printf("%s: %d game, South won %d\n", m.Move, m.Games, m.SouthWins)
	}
	// Output:
	// 1 file, 1 game, 19 positions
	// cup.bgn:1 Ali Juma - Mwana Hassan 1-0, position reached at ply [2]
	// A6: 1 game, South won 1
}
