package site

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestEvalGraph(t *testing.T) {
	const rec = `[Variant "Bao Kingulu"]

1. A3 {[%eval 1.50]} 1... a4 $4 {[%eval #2] [%best a6]} (1... a6) 2. A2 {no eval here} *
`
	src := fstest.MapFS{"g.bgn": {Data: []byte(rec)}, "plain.bgn": {Data: []byte("[Variant \"Bao Kingulu\"]\n\n1. A3 *\n")}}
	bd := newBuild(t.Context(), nil, src, nil)
	v := evalGraph(firstGame(t, bd, "g.bgn"))
	if v == nil || len(v.Points) != 2 {
		t.Fatalf("want 2 points, got %+v", v)
	}
	p0, p1 := v.Points[0], v.Points[1]
	if p0.ID != 1 || p1.ID != 2 || p1.Mark != "blunder" || !strings.Contains(p1.Title, "1... a4: #2") {
		t.Errorf("unexpected points %+v %+v", p0, p1)
	}
	// 1.5 seeds for South is above the middle; a forced win for South is at the top.
	if p0.Y != "51.6" || p1.Y != "4.0" {
		t.Errorf("y %s and %s, want 51.6 and 4.0", p0.Y, p1.Y)
	}
	if evalGraph(firstGame(t, bd, "plain.bgn")) != nil {
		t.Error("a record without an eval command has no graph")
	}
}

// TestEvalGraphPage checks that the graph is on the page, a link per move, without script. The
// links are for the pointer only: the move list below has the same ones, and a keyboard once
// had to Tab through a stop per ply (unnamed, inside role="img") before reaching it.
func TestEvalGraphPage(t *testing.T) {
	src := fstest.MapFS{"g.bgn": {Data: []byte("[Variant \"Bao Kingulu\"]\n\n1. A3 {[%eval 0.50]} a4 {[%eval -1.00]} *\n")}}
	out, _ := buildMem(t, src)
	page := string(out["g/1.html"])
	for _, want := range []string{`<figure class="evalgraph">`, `<a href="#p1" tabindex="-1"><circle`, `<a href="#p2" tabindex="-1"><circle`} {
		if !strings.Contains(page, want) {
			t.Errorf("no %q on the page", want)
		}
	}
}
