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
	if p0.ID != 1 || p1.ID != 2 || p1.Mark != "blunder" || p0.Eval != "+1.50" || p1.Eval != "#2" {
		t.Errorf("unexpected points %+v %+v", p0, p1)
	}
	// 1.5 seeds for South is above the middle (75); a forced win for South is at the top (8).
	if p0.Y != "65.0" || p1.Y != "8.0" {
		t.Errorf("y %s and %s, want 65.0 and 8.0", p0.Y, p1.Y)
	}
	// The scale: +10 at the top, 0 in the middle, -10 at the bottom.
	if len(v.Ticks) != 5 || v.Ticks[0] != (evalTick{"8.0", "+10", false}) || v.Ticks[2] != (evalTick{"75.0", "0", true}) || v.Ticks[4].Text != "-10" {
		t.Errorf("scale %+v", v.Ticks)
	}
	if evalGraph(firstGame(t, bd, "plain.bgn")) != nil {
		t.Error("a record without an eval command has no graph")
	}
}

// TestEvalGraphPage checks that the graph is on the page as a picture with no link in it
// (links inside role="img" are hidden from assistive technology: axe counts it serious), its
// points named by their nodes for the script, and that each value stands beside its move in
// the move list, where it is read without the graph.
func TestEvalGraphPage(t *testing.T) {
	src := fstest.MapFS{"g.bgn": {Data: []byte("[Variant \"Bao Kingulu\"]\n\n1. A3 {[%eval 0.50]} a4 {[%eval -1.00]} *\n")}}
	out, _ := buildMem(t, src)
	page := string(out["g/1.html"])
	for _, want := range []string{`<figure class="evalgraph" id="evalgraph"`, `data-node="1" data-eval="&#43;0.50"`, `data-node="2" data-eval="-1.00"`,
		`<a href="#p1">A3</a> <span class="eval">+0.50</span>`, `<a href="#p2">a4</a> <span class="eval">-1.00</span>`} {
		if !strings.Contains(page, want) {
			t.Errorf("no %q on the page", want)
		}
	}
	start := strings.Index(page, `<svg class="eval"`)
	end := strings.Index(page[max(start, 0):], "</svg>")
	if start < 0 || end < 0 {
		t.Fatal("no graph on the page")
	}
	if graph := page[start : start+end]; strings.Contains(graph, "<a ") || strings.Contains(graph, "<title>1.") {
		t.Errorf("the graph holds links or per-point titles:\n%s", graph)
	}
}
