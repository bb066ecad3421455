package archive

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/bao-archive/bao/engine"
)

// TestQueryBounds: long texts, huge or negative offsets and limits, and unknown variants are
// refused at once with ErrBadQuery. A 100 KB text took seconds in bleve's lexer, and the
// largest offset panicked inside bleve.
func TestQueryBounds(t *testing.T) {
	f := newFixture(t)
	update(t, f.root, UpdateOptions{})
	ix, err := Open(DefaultIndexDir(f.root))
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	long := strings.Repeat("a b ", 25_000)
	for name, q := range map[string]Query{
		"long text":       {Text: long},
		"long player":     {Player: long},
		"many moves":      {Variant: "kiswahili", After: strings.Fields(long)},
		"largest offset":  {Text: "juma", Offset: math.MaxInt},
		"negative offset": {Offset: -1},
		"huge limit":      {Limit: math.MaxInt},
		"negative limit":  {Limit: -5},
		"unknown variant": {Variant: "chess"},
		// within the length bound, but automata of 9-27 s of CPU that no timeout stopped
		"regexp repeats":       {Text: `/.{0,1000}x.{0,1000}/`},
		"regexp repetitions":   {Text: `/a*b*c*d*e*f*g*h*i*j*/`},
		"wildcards in a word":  {Text: strings.Repeat("a*", 1020)},
		"wildcard words":       {Text: strings.Repeat("*a ", 300)},
		"question marks":       {Text: strings.Repeat("?", 1000)},
		"fuzzy words":          {Text: strings.Repeat("a~2 ", 500)},
		"a long fuzzy word":    {Text: strings.Repeat("juma", 20) + "~2"},
		"fuzzy words by field": {Text: strings.Repeat("names:a~1 ", 9)},
	} {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			_, err := ix.Search(context.Background(), q)
			if !errors.Is(err, ErrBadQuery) {
				t.Errorf("err %v, want ErrBadQuery", err)
			}
			if d := time.Since(start); d > 100*time.Millisecond {
				t.Errorf("took %v", d)
			}
		})
	}
	if _, err := ix.Search(context.Background(), Query{Variant: "chess"}); !errors.Is(err, engine.ErrUnknownVariant) {
		t.Errorf("unknown variant: %v, want ErrUnknownVariant too", err)
	}
	if _, err := ix.Explore(context.Background(), ExploreQuery{Variant: "kiswahili", After: strings.Fields(long)}); !errors.Is(err, ErrBadQuery) {
		t.Errorf("explore with many moves: %v", err)
	}
	if _, err := ix.Search(context.Background(), Query{Text: "juma", Offset: MaxOffset, Limit: MaxLimit}); err != nil {
		t.Errorf("the largest page allowed: %v", err)
	}
	for _, text := range []string{`/j.{0,20}a/ ju*a juma~2 names:ali~1 j?ma`, "a*a*a*a*"} {
		if _, err := ix.Search(context.Background(), Query{Text: text}); err != nil {
			t.Errorf("%q, within the bounds: %v", text, err)
		}
	}
	// A search whose time ran out says so (the server answers 503), not "bad query" nor a
	// broken index.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ix.Search(ctx, Query{Text: "juma"}); !errors.Is(err, context.Canceled) || errors.Is(err, ErrBadQuery) {
		t.Errorf("a cancelled search: %v", err)
	}
}
