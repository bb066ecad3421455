package site_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing/fstest"

	"github.com/bao-archive/bao/site"
)

// A one-page archive with a diagram and a one-game record, built into a folder.
func ExampleSite_Build() {
	archive := fstest.MapFS{
		"README.md": {Data: []byte("# My games\n\nKingulu's start:\n\n```bao variant=kingulu\n4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -\n```\n")},
		"club/cup.bgn": {Data: []byte(`[Event "Cup"]
[South "Asha"]
[North "Baraka"]
[Result "*"]
[Variant "Bao Kingulu"]

1. A3 {A capture: see the diagram.

` + "```bao\nafter=1\n```" + `
} a4 *
`)},
	}
	out, err := os.MkdirTemp("", "bao-site")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)

	s, err := site.New(site.Options{Title: "My games"}) // once: goldmark and templates
	if err != nil {
		panic(err)
	}
	rep, err := s.Build(context.Background(), archive, out)
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Games, "game,", len(rep.Warnings), "problems")
	for _, page := range []string{"index.html", "club/cup/1.html", "search.json", "lists/player/asha.html"} {
		_, err := os.Stat(filepath.Join(out, page))
		fmt.Println(page, err == nil)
	}
	// Output:
	// 1 game, 0 problems
	// index.html true
	// club/cup/1.html true
	// search.json true
	// lists/player/asha.html true
}
