package site

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEventSuggestions: the search page suggests the most played events, not every event of
// the archive, and says how to find the others; an archive with few events gets them all.
func TestEventSuggestions(t *testing.T) {
	var b strings.Builder
	game := func(event string) {
		fmt.Fprintf(&b, "[Event %q]\n[Variant \"Bao la Kingulu\"]\n\n1. A3 *\n\n", event)
	}
	for range 3 {
		game("Zanzibar Open") // the most played, last in the lists' order
	}
	for i := range eventSuggestions + 10 {
		game(fmt.Sprintf("Cup %03d", i))
	}
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	if _, err := s.build(t.Context(), fstest.MapFS{"games.bgn": {Data: []byte(b.String())}}, out); err != nil {
		t.Fatal(err)
	}
	page := string(out.files["search.html"])
	_, list, _ := strings.Cut(page, `<datalist id="events">`)
	list, _, _ = strings.Cut(list, "</datalist>")
	if n := strings.Count(list, "<option"); n != eventSuggestions {
		t.Errorf("%d events suggested, want %d", n, eventSuggestions)
	}
	if !strings.Contains(list, `"Zanzibar Open"`) || !strings.Contains(list, `"Cup 000"`) || strings.Contains(list, `"Cup 059"`) {
		t.Errorf("not the most played events, in the lists' order: %s", list)
	}
	if !strings.Contains(page, `<a href="lists/index.html">all 61 events</a>`) {
		t.Errorf("no link to all the events in\n%s", page)
	}
	// Few events: all of them, and no note.
	few := &memOutput{files: map[string][]byte{}}
	if _, err := s.build(t.Context(), fstest.MapFS{"games.bgn": {Data: []byte("[Event \"Cup\"]\n\n1. A3 *\n")}}, few); err != nil {
		t.Fatal(err)
	}
	if page := string(few.files["search.html"]); !strings.Contains(page, `<datalist id="events"><option value="Cup"></datalist>`) || strings.Contains(page, "most played") {
		t.Errorf("one event:\n%s", page)
	}
}

func TestGameTitle(t *testing.T) {
	for _, c := range []struct {
		south, north, event, year, round string
		want                             string
	}{
		{"Asha", "Baraka", "Club Cup", "2023", "1", "Asha – Baraka, Club Cup 2023, round 1"},
		{"Asha", "Baraka", "Demo Club 2026", "2026", "2", "Asha – Baraka, Demo Club 2026, round 2"},
		{"Asha", "", "Open 2026/27", "2026", "", "Asha – ?, Open 2026/27 2026"},
		{"", "", "", "2026", "", "? – ?, 2026"},
	} {
		if got := gameTitle(inEnglish, c.south, c.north, c.event, c.year, c.round, 1, false); got != c.want {
			t.Errorf("gameTitle(%q, %q, %q, %q, %q) = %q, want %q", c.south, c.north, c.event, c.year, c.round, got, c.want)
		}
	}
}

// TestVariantNamed checks that a record naming its game by id (kete) has its game named on
// its page's roster as everywhere else (Bao la Kete), in both languages: the names are the
// games' own.
func TestVariantNamed(t *testing.T) {
	src := fstest.MapFS{"g.bgn": {Data: []byte("[Variant \"kete\"]\n[Result \"*\"]\n\n1. A3 *\n")}}
	for _, code := range []string{"en", "sw"} {
		s, err := New(Options{Title: "Names", Langs: []string{code}})
		if err != nil {
			t.Fatal(err)
		}
		out := &memOutput{files: map[string][]byte{}}
		if _, err := s.build(t.Context(), src, out); err != nil {
			t.Fatal(err)
		}
		page := string(out.files["g/1.html"])
		if !strings.Contains(page, `<a href="../lists/variant/kete.html">Bao la Kete</a></td>`) || strings.Contains(page, ">kete<") {
			t.Errorf("%s: the roster does not name the game Bao la Kete:\n%s", code, page)
		}
	}
}
