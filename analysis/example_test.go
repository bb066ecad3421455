package analysis_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/bao-archive/bao/analysis"
	"github.com/bao-archive/bao/engine"
)

// A Kimasai position where South, to move, takes North's last stone: the search proves the
// win and counts it in South's moves.
func ExampleSearcher_Search() {
	v := engine.Kimasai
	p, _ := engine.ParsePosition(v, "0,0,0,0,0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S")
	s := analysis.NewSearcher(1)
	r := s.Search(context.Background(), p, nil, analysis.Limits{Depth: 4}, nil)
	n, proven := r.Lines[0].WinIn()
	fmt.Println(strings.Join(analysis.Tokens(v, r.Lines[0].Moves), " "), n, proven)
	// Output: A4 1 true
}

func ExampleServe() {
	in := strings.NewReader("isready\nposition kimasai bpn 0,0,0,0,0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0,0,0,0,0/0,0,0,1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0 S\ngo depth 1\n")
	var out strings.Builder
	analysis.Serve(context.Background(), in, &out)
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if before, _, ok := strings.Cut(line, " nodes "); ok {
			line = before // the counts and times vary
		}
		fmt.Println(line)
	}
	// Output:
	// readyok
	// info depth 1 multipv 1 score win 1
	// bestmove A4
}
