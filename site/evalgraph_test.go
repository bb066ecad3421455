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

// evalsFragment is testdata/transcripts/fragment.bgn with [%eval] values in each of its three
// stretches (plies 1-20, 31-40 and 51-60; 21-30 and 41-50 lost).
const evalsFragment = `[Variant "Bao la Kiswahili"]
[Result "*"]

1. A7<* {[%eval 0.50]} a5< 2. A6<* a7> 3. A4> a1< 4. A5> a6< 5. A6< a4> 6. A3> a1< 7. A4< a1<
8. A6> a6< 9. A6> a8> 10. A5< a6< {[%eval -1.00]} ...
{[%pos 2,2,1,0,0,0,1,1/0,0,1,1,1,5,5,1/0,7,1,6,10,0,0,0/1,1,1,0,0,0,1,1 S 7-7 - -]}
16. A4> {[%eval 2.00]} a6< 17. A4< ? 18. A4> a1< 19. A1< a7> 20. A4> a8> {[%eval 1.00]} ...
{[%pos 1,1,5,1,0,2,0,3/1,0,0,0,0,0,1,1/1,4,5,7,9,1,4,3/1,3,0,2,0,2,3,3 S 0-0 - -]}
26. A3> {[%eval 3.00]} b3>* 27. B2< b1<* 28. B7> a2<* 29. A3<* b8<** 30. A6>* b1< {[%eval -2.00]} *
`

// TestEvalGraphFragment draws the values of a fragment: x by the game's ply, the plies lost
// taking their room, and the line broken at each gap, never drawn across plies nothing is
// known of.
func TestEvalGraphFragment(t *testing.T) {
	bd := newBuild(t.Context(), nil, fstest.MapFS{"f.bgn": {Data: []byte(evalsFragment)}}, nil)
	g := firstGame(t, bd, "f.bgn")
	if len(g.errs) > 0 {
		t.Fatalf("the fragment does not replay: %v", g.errs)
	}
	v := evalGraph(g)
	if v == nil {
		t.Fatal("no graph")
	}
	step := (evalWidth - evalLeft - evalRight) / 60 // the game's last ply is 60
	xOf := func(ply int) string { return num(evalLeft + step*float64(ply)) }
	var xs []string
	for _, p := range v.Points {
		xs = append(xs, p.X)
	}
	if want := []string{xOf(1), xOf(20), xOf(31), xOf(40), xOf(51), xOf(60)}; strings.Join(xs, " ") != strings.Join(want, " ") {
		t.Errorf("the points' x are %v, want those of plies 1, 20, 31, 40, 51, 60: %v", xs, want)
	}
	// Three stretches, each from its first value to its last: no line crosses a gap.
	yOf := func(seeds float64) string { return num(75 - seeds/evalCap*67) } // the middle at 75, 10 seeds 67 above it
	pt := func(ply int, seeds float64) string { return xOf(ply) + "," + yOf(seeds) }
	stretch := func(a, b int, sa, sb float64) evalStretch {
		return evalStretch{Line: pt(a, sa) + " " + pt(b, sb), Area: xOf(a) + ",75.0 " + pt(a, sa) + " " + pt(b, sb) + " " + xOf(b) + ",75.0"}
	}
	want := []evalStretch{stretch(1, 20, 0.5, -1), stretch(31, 40, 2, 1), stretch(51, 60, 3, -2)}
	if len(v.Stretches) != len(want) {
		t.Fatalf("%d stretches %+v, want 3", len(v.Stretches), v.Stretches)
	}
	for i := range want {
		if v.Stretches[i] != want[i] {
			t.Errorf("stretch %d: %+v, want %+v", i+1, v.Stretches[i], want[i])
		}
	}
	// The plies lost are a band each: 21-30 and 41-50, from the ply before the gap.
	if want := []evalGap{{X: xOf(20), W: num(10 * step)}, {X: xOf(40), W: num(10 * step)}}; len(v.Gaps) != 2 || v.Gaps[0] != want[0] || v.Gaps[1] != want[1] {
		t.Errorf("gaps %+v, want %+v", v.Gaps, want)
	}
	// The script marks each node of the main line at its ply: the gap's node at the
	// checkpoint's (after ply 30), the move after it at ply 31.
	nodeXs := strings.Fields(v.Xs)
	if len(nodeXs) != v.Plies+1 || v.Plies != 42 {
		t.Fatalf("%d x for %d nodes, want 43 (40 moves, 2 gaps, the start)", len(nodeXs), v.Plies)
	}
	for _, c := range []struct{ node, ply int }{{0, 0}, {20, 20}, {21, 30}, {22, 31}, {31, 40}, {32, 50}, {33, 51}, {42, 60}} {
		if nodeXs[c.node] != xOf(c.ply) {
			t.Errorf("node %d at x %s, want %s (ply %d)", c.node, nodeXs[c.node], xOf(c.ply), c.ply)
		}
	}
}
