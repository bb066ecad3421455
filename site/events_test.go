package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bao-archive/bao/event"
)

// buildEvents builds the events fixture in memory and returns the build and its files.
func buildEvents(t *testing.T) (*build, map[string][]byte) {
	t.Helper()
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	b, err := s.build(context.Background(), fixture(t, "events.txtar"), out)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.warnings) > 0 {
		t.Errorf("warnings: %v", b.warnings)
	}
	return b, out.files
}

func TestEventGolden(t *testing.T) {
	_, files := buildEvents(t)
	for _, page := range []string{"cup/event.html", "cup/index.html", "players/chiku.html", "cup/rounds/3.html", "ko/event.html"} {
		data, ok := files[page]
		if !ok {
			t.Errorf("page %s not built", page)
			continue
		}
		golden(t, "events_"+strings.ReplaceAll(page, "/", "_")+".golden", data)
	}
	// The event's config names its variant by id; the page, by the game's name.
	if page := string(files["cup/event.html"]); !strings.Contains(page, "<td>Bao Kingulu</td>") || strings.Contains(page, "<td>kingulu</td>") {
		t.Errorf("cup/event.html does not name the variant Bao Kingulu")
	}
	// One page per player, however spelt; the bye's "-" is nobody.
	var players []string
	for name := range files {
		if strings.HasPrefix(name, "players/") {
			players = append(players, name)
		}
	}
	slices.Sort(players)
	if want := []string{"players/asha.html", "players/baraka.html", "players/chiku.html"}; !slices.Equal(players, want) {
		t.Errorf("player pages %v, want %v", players, want)
	}
}

// An event page never overwrites a page of the archive: the folder stays a collection. (A
// record file event.bgn has its games' list at event/index.html: no clash.)
func TestEventPageTaken(t *testing.T) {
	for _, src := range []string{"cup/event.md", "cup/event.p2.md"} {
		fsys := fixture(t, "events.txtar")
		data := []byte("# Event notes\n")
		if strings.HasSuffix(src, ".bgn") {
			data = fsys["cup/friendly.bgn"].Data
		}
		fsys[src] = &fstest.MapFile{Data: data}
		s, err := New(Options{Title: "Test site"})
		if err != nil {
			t.Fatal(err)
		}
		out := &memOutput{files: map[string][]byte{}}
		b, err := s.build(context.Background(), fsys, out)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.events) != 1 || b.events[0].dir != "ko" || len(b.warnings) != 1 || !strings.Contains(b.warnings[0], src) {
			t.Errorf("%s: %d events, warnings %v; want ko's alone and one warning naming it", src, len(b.events), b.warnings)
		}
	}
}

func TestEventStandingsRows(t *testing.T) {
	b, _ := buildEvents(t)
	if len(b.events) != 2 || b.events[0].dir != "cup" {
		t.Fatalf("%d events, want cup and ko", len(b.events))
	}
	pg := b.eventView(b.events[0], b.newPage(b.events[0].href, "event", "Town Cup"), 1)
	type row struct {
		rank            int
		player, points  string
		games, byes     int
		sonnebornBerger string
		cross           []string // each cell's results and links, "½ cup/rounds/3.html"
	}
	want := []row{
		{1, "Asha", "1½", 2, 0, "1¾", []string{"", "½ cup/rounds/3.html", "1 cup/rounds/1.html"}},
		{2, "Chiku", "1½", 2, 1, "¾", []string{"½ cup/rounds/3.html", "", "- cup/rounds/4.html"}},
		{3, "Baraka", "1", 2, 0, "1½", []string{"0 cup/rounds/1.html", "+ cup/rounds/4.html", ""}},
	}
	if len(pg.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(pg.Rows), len(want))
	}
	sb := slices.Index(b.events[0].cfg.TieBreak, "sonneborn-berger")
	if len(pg.TieBreaks) != len(event.DefaultTieBreaks) || sb < 0 {
		t.Fatalf("tie-break columns %v, want the defaults %v", pg.TieBreaks, event.DefaultTieBreaks)
	}
	for i, w := range want {
		r := pg.Rows[i]
		var cross []string
		for _, c := range r.CrossLinks {
			var s []string
			for _, l := range c {
				s = append(s, l.Text+" "+l.Href)
			}
			cross = append(cross, strings.Join(s, ", "))
		}
		got := row{r.Rank, r.Player.Text, r.Points, r.Games, r.Byes, r.TieBreaks[sb], cross}
		if got.rank != w.rank || got.player != w.player || got.points != w.points || got.games != w.games ||
			got.byes != w.byes || got.sonnebornBerger != w.sonnebornBerger || !slices.Equal(got.cross, w.cross) {
			t.Errorf("row %d = %+v, want %+v", i+1, got, w)
		}
		if r.Player.Href != "players/"+strings.ToLower(w.player)+".html" {
			t.Errorf("row %d links %q", i+1, r.Player.Href)
		}
	}
	// The rounds: every game in order, the bye without an opponent, the forfeit marked.
	var rounds []string
	for _, r := range pg.Rounds {
		for _, p := range r.Pairings {
			rounds = append(rounds, strings.Join([]string{p.Board, p.South.Text, p.North.Text, p.Result.Text, p.Result.Href, p.Result.Note}, "|"))
		}
	}
	wantRounds := []string{"1|Asha|Baraka|1-0|cup/rounds/1.html|", "2|Chiku||1-0|cup/rounds/2.html|",
		"1|Chiku|Asha|1/2-1/2|cup/rounds/3.html|", "1|Baraka|Chiku|1-0|cup/rounds/4.html|forfeit"}
	if !slices.Equal(rounds, wantRounds) {
		t.Errorf("rounds\n%q\nwant\n%q", rounds, wantRounds)
	}
}

// A knockout's crosstable has a column per round, and its pairings' match scores.
func TestEventByRound(t *testing.T) {
	b, _ := buildEvents(t)
	ev := b.events[1]
	pg := b.eventView(ev, b.newPage(ev.href, "event", ev.cfg.Name), 1)
	if !pg.ByRound || !slices.Equal(pg.RoundNumbers, []int{1}) {
		t.Fatalf("by round %v, rounds %v; want by round, [1]", pg.ByRound, pg.RoundNumbers)
	}
	var got []string
	for _, r := range pg.Rows {
		for _, c := range r.RoundCells {
			cell := r.Player.Text + ": " + c.Label
			for _, l := range c.Links {
				cell += " " + l.Text + "=" + l.Href
			}
			got = append(got, cell)
		}
	}
	want := []string{"Asha: 2 S 1=ko/final/1.html 1=ko/final/2.html", "Baraka: 1 N 0=ko/final/1.html 0=ko/final/2.html"}
	if !slices.Equal(got, want) {
		t.Errorf("round cells\n%q\nwant\n%q", got, want)
	}
	if len(pg.Matches) != 1 || pg.Matches[0].Score != "2–0" || pg.Matches[0].Winner != "Asha" {
		t.Errorf("matches %+v, want Asha 2–0", pg.Matches)
	}
	if len(pg.Rows[0].CrossLinks) != 0 {
		t.Error("a knockout also has the table by player")
	}
}

func TestPlayerPageData(t *testing.T) {
	b, _ := buildEvents(t)
	p := b.players[playerHref("Chiku")]
	if p == nil {
		t.Fatal("no player Chiku")
	}
	pg := b.playerView(p, pageData{}, 1)
	if !slices.Equal(pg.Spellings, []string{"Chiku", "Chiku Mussa"}) {
		t.Errorf("spellings %v", pg.Spellings)
	}
	if len(pg.Games) != 3 {
		t.Errorf("%d games, want 3 (draw, forfeit, friendly; the bye is no game)", len(pg.Games))
	}
	if len(pg.Events) != 1 || pg.Events[0].Rank != 2 || pg.Events[0].Points != "1½" || pg.Events[0].Event.Href != "cup/event.html" {
		t.Errorf("events %+v", pg.Events)
	}
	// Rated: the draw and the friendly (the bye is no game, the forfeit was not played).
	if len(pg.Ratings) != 1 || pg.Ratings[0].Games != 2 || pg.Ratings[0].Chart == nil || len(pg.Ratings[0].Chart.Points) != 3 {
		t.Fatalf("ratings %+v", pg.Ratings)
	}
	// Openings: the first plies of the games with moves, by side.
	if len(pg.Openings) != 1 || pg.Openings[0].Variant != "Bao Kingulu" || !slices.Equal(pg.Openings[0].South, []openingView{{Moves: "A6 a5", Games: 2}}) || len(pg.Openings[0].North) != 0 {
		t.Errorf("openings %+v", pg.Openings)
	}
}

func TestRatingChart(t *testing.T) {
	for _, tc := range []struct {
		name    string
		history []float64
		top     string // the highest rating's label
		bottom  string
		lowY    string // y of the lowest point: the chart's bottom edge minus its padding
	}{
		{"up", []float64{1510, 1520}, "1520", "1500", "144.0"},
		{"down and up", []float64{1490, 1480, 1505}, "1505", "1480", "144.0"},
		{"flat", []float64{1500}, "1510", "1490", "80.0"}, // widened: mid-height
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h []event.Point
			for _, r := range tc.history {
				h = append(h, event.Point{Date: "2024.01.01", Rating: r})
			}
			c := newRatingChart(inEnglish, h)
			if len(c.Points) != len(h)+1 {
				t.Fatalf("%d points, want %d", len(c.Points), len(h)+1)
			}
			if c.Top.Text != tc.top || c.Bottom.Text != tc.bottom {
				t.Errorf("labels %s..%s, want %s..%s", c.Bottom.Text, c.Top.Text, tc.bottom, tc.top)
			}
			ys := []string{}
			for _, p := range c.Points {
				ys = append(ys, p.Y)
			}
			if !slices.Contains(ys, tc.lowY) {
				t.Errorf("ys %v, want one at %s", ys, tc.lowY)
			}
			if c.Points[0].X != "56.0" || c.Points[len(c.Points)-1].X != "384.0" {
				t.Errorf("x from %s to %s, want 56.0 to 384.0", c.Points[0].X, c.Points[len(c.Points)-1].X)
			}
		})
	}
	if newRatingChart(inEnglish, nil) != nil {
		t.Error("a player without rated games has a chart")
	}
	// A long history: at most maxChartPoints points, from the first game to the last, its
	// highest and lowest among them.
	var h []event.Point
	for i := range 10000 {
		h = append(h, event.Point{Date: "2024.01.01", Rating: 1500 + float64(i%97) - float64(i%89)})
	}
	h[4321].Rating, h[7777].Rating = 1700, 1300
	c := newRatingChart(inEnglish, h)
	if n := len(c.Points); n > maxChartPoints || n < maxChartPoints-2 {
		t.Errorf("%d points drawn of a history of 10000, want about %d", n, maxChartPoints)
	}
	if c.Points[0].X != "56.0" || c.Points[len(c.Points)-1].X != "384.0" || c.Top.Text != "1700" || c.Bottom.Text != "1300" {
		t.Errorf("x from %s to %s, ratings %s..%s; want 56.0 to 384.0, 1300..1700", c.Points[0].X,
			c.Points[len(c.Points)-1].X, c.Bottom.Text, c.Top.Text)
	}
	for _, want := range []string{"game 4322, 1 January 2024: 1700", "game 7778, 1 January 2024: 1300"} {
		if !slices.ContainsFunc(c.Points, func(p chartPoint) bool { return p.Title == want }) {
			t.Errorf("no point %q", want)
		}
	}
}

func TestTopOpenings(t *testing.T) {
	counts := map[openingView]int{{Moves: "A1 a1"}: 1, {Moves: "A2 a2"}: 3, {Moves: "A3 a3"}: 3, {Moves: "A4 a4"}: 2,
		{Moves: "A5 a5"}: 1, {Moves: "A6 a6"}: 1, {Name: "a named one"}: 3}
	got := topOpenings(counts)
	want := []openingView{{Moves: "A2 a2", Games: 3}, {Moves: "A3 a3", Games: 3}, {Name: "a named one", Games: 3},
		{Moves: "A4 a4", Games: 2}, {Moves: "A1 a1", Games: 1}}
	if !slices.Equal(got, want) {
		t.Errorf("topOpenings = %v, want %v", got, want)
	}
}

// TestEventIncremental builds the events fixture twice into one output, then changes a record
// file, then players.toml: a changed record rewrites every event and player page but not the
// other files' game pages; a changed players.toml rewrites the whole site.
func TestEventIncremental(t *testing.T) {
	src := fixture(t, "events.txtar")
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	if _, err := s.build(t.Context(), src, out); err != nil {
		t.Fatal(err)
	}
	again, err := s.build(t.Context(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	if r := again.report(); r.Pages != 0 {
		t.Errorf("unchanged archive: %d pages written, want none", r.Pages)
	}
	mark := func(names ...string) {
		for _, name := range names {
			out.files[name] = nil
		}
	}
	rewritten := func(when string, names ...string) {
		t.Helper()
		for _, name := range names {
			if len(out.files[name]) == 0 {
				t.Errorf("%s: %s was not written again", when, name)
			}
		}
	}
	// The friendly game now ends in a draw: Chiku's and Asha's ratings change.
	src["cup/friendly.bgn"].Data = []byte(strings.ReplaceAll(string(src["cup/friendly.bgn"].Data), "0-1", "1/2-1/2"))
	mark("cup/event.html", "ko/event.html", "players/chiku.html", "players/asha.html", "players/baraka.html", "ko/final/1.html")
	if _, err := s.build(t.Context(), src, out); err != nil {
		t.Fatal(err)
	}
	rewritten("a record changed", "cup/event.html", "ko/event.html", "players/chiku.html", "players/asha.html", "players/baraka.html")
	if len(out.files["ko/final/1.html"]) != 0 {
		t.Error("a record changed: the game page of an unchanged file was written again")
	}
	if !strings.Contains(string(out.files["players/chiku.html"]), "1/2-1/2") {
		t.Error("Chiku's page does not show the friendly's new result")
	}
	// Chiku Mussa is now a player of their own: every game page's links may change.
	src["players.toml"].Data = []byte("")
	mark("ko/final/1.html", "cup/rounds/1.html")
	b, err := s.build(t.Context(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	rewritten("players.toml changed", "ko/final/1.html", "cup/rounds/1.html", "players/chiku-mussa.html")
	if r := b.report(); r.Unchanged != 0 {
		t.Errorf("players.toml changed: %d record files kept, want none", r.Unchanged)
	}
}

// Every spelling event.Key makes one player has one page, whatever the name holds.
func TestPlayerHref(t *testing.T) {
	for _, tc := range []struct{ names []string }{
		{[]string{"Ali Juma", "ali  juma", "Juma, Ali", "Ali-Juma"}},
		{[]string{"javascript:alert(1)", "JavaScript:Alert(1)"}},
		{[]string{"../../50%"}},
	} {
		want := playerHref(tc.names[0])
		if !strings.HasPrefix(want, "players/") || strings.ContainsAny(strings.TrimPrefix(want, "players/"), "/:% ") {
			t.Errorf("playerHref(%q) = %q: not a plain page under players/", tc.names[0], want)
		}
		for _, n := range tc.names[1:] {
			if got := playerHref(n); got != want {
				t.Errorf("playerHref(%q) = %q, want %q as for %q", n, got, want, tc.names[0])
			}
		}
	}
}

// manyGames is the events fixture with 230 more games of the Town Cup between Asha and
// Baraka, one a round: Asha's page and the cup's rounds run to three pages.
func manyGames(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fixture(t, "events.txtar")
	var b strings.Builder
	for i := range 230 {
		fmt.Fprintf(&b, "[Event \"Town Cup\"]\n[Date \"2024.06.%02d\"]\n[Round \"%d.1\"]\n[South \"Asha\"]\n[North \"Baraka\"]\n"+
			"[Result \"1-0\"]\n[Variant \"Bao Kingulu\"]\n\n1. A6 a1 1-0\n\n", i%28+1, 10+i)
	}
	fsys["cup/many.bgn"] = &fstest.MapFile{Data: []byte(b.String())}
	return fsys
}

// TestPaging: a player's games and an event's rounds come in pages of gamesPerPage, as the
// lists do, in bao site build and bao serve alike: the first page has the summary, every page
// links to the one before and the one after, and the last holds the rest.
func TestPaging(t *testing.T) {
	fsys := manyGames(t)
	files, _ := buildMem(t, fsys)
	dir := t.TempDir()
	for name, f := range fsys {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cat := catalogOf(t, dir, Options{Title: "Test site"})
	b := cat.b
	asha, cup := b.players[playerHref("Asha")], b.events[0]
	for _, tc := range []struct {
		name    string
		first   string
		games   int
		pages   int
		summary string // what only the first page shows
	}{
		{"player", "players/asha.html", len(asha.games), 3, `id="ratings"`},
		{"event", "cup/event.html", len(cup.games), 3, `id="standings"`},
	} {
		if tc.games <= 2*gamesPerPage || tc.games > 3*gamesPerPage {
			t.Fatalf("%s: %d games, want three pages' worth", tc.name, tc.games)
		}
		for i := 1; i <= tc.pages+1; i++ {
			name := pageHref(tc.first, i)
			built, ok := files[name]
			served, found := renderPage(t, cat, name)
			if i > tc.pages {
				if ok || found {
					t.Errorf("%s: page %d of %d built %v, served %v", tc.name, i, tc.pages, ok, found)
				}
				continue
			}
			if !ok || !found || served != string(built) {
				t.Errorf("%s page %d: built %v, served %v, same %v", tc.name, i, ok, found, served == string(built))
				continue
			}
			if i == tc.pages {
				golden(t, "paging_"+strings.ReplaceAll(name, "/", "_")+".golden", built)
			}
			page := string(built)
			rows := min(gamesPerPage, tc.games-(i-1)*gamesPerPage)
			got := strings.Count(page, `class="row-link"`) // a player's games
			if _, rounds, ok := strings.Cut(page, `id="rounds"`); ok {
				got = strings.Count(rounds, "<tr><td>") // an event's pairings
			}
			if got != rows {
				t.Errorf("%s page %d: %d games, want %d", tc.name, i, got, rows)
			}
			if got := strings.Contains(page, tc.summary); got != (i == 1) {
				t.Errorf("%s page %d: summary shown %v", tc.name, i, got)
			}
			nav := fmt.Sprintf("page %d of %d, %d games", i, tc.pages, tc.games)
			// two navigation landmarks, each its own name
			if strings.Count(page, `<nav class="pager" aria-label="Pages">`) != 1 || strings.Count(page, `<nav class="pager" aria-label="Pages, below the list">`) != 1 || !strings.Contains(page, nav) {
				t.Errorf("%s page %d: no pager saying %q above and below the games", tc.name, i, nav)
			}
			prev := `href="../` + pageHref(tc.first, i-1) + `" rel="prev"`
			next := `href="../` + pageHref(tc.first, i+1) + `" rel="next"`
			if strings.Contains(page, prev) != (i > 1) || strings.Contains(page, next) != (i < tc.pages) {
				t.Errorf("%s page %d: link to page %d %v, to page %d %v", tc.name, i, i-1,
					strings.Contains(page, prev), i+1, strings.Contains(page, next))
			}
		}
	}
}

// TestFacetIndexPaging: the lists' index shows a page's worth of a facet's values, and links
// to the facet's own index, paged as the lists are, when there are more.
func TestFacetIndexPaging(t *testing.T) {
	fsys := fixture(t, "events.txtar")
	var b strings.Builder
	for i := range 240 {
		fmt.Fprintf(&b, "[South \"Player %03d\"]\n[North \"Asha\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n*\n\n", i)
	}
	fsys["many.bgn"] = &fstest.MapFile{Data: []byte(b.String())}
	files, _ := buildMem(t, fsys)
	players := 240 + 4 // and the fixture's four ("-", a bye's opponent, is nobody)
	idx := string(files["lists/index.html"])
	if n := strings.Count(idx, `href="../lists/player/`); n != gamesPerPage {
		t.Errorf("the lists' index links %d players, want %d", n, gamesPerPage)
	}
	if want := `<a href="../lists/player.html">All 244 players</a>`; !strings.Contains(idx, want) {
		t.Errorf("the lists' index lacks %s", want)
	}
	for _, tc := range []struct {
		page, items int
		prev, next  bool
	}{{1, 100, false, true}, {2, 100, true, true}, {3, players - 200, true, false}, {4, -1, false, false}} {
		name := facetIndexHref("player", tc.page)
		data, ok := files[name]
		if ok != (tc.items >= 0) {
			t.Errorf("%s built %v", name, ok)
			continue
		}
		if !ok {
			continue
		}
		page := string(data)
		if n := strings.Count(page, `href="../lists/player/`); n != tc.items {
			t.Errorf("%s: %d players, want %d", name, n, tc.items)
		}
		if !strings.Contains(page, fmt.Sprintf("page %d of 3, %d players", tc.page, players)) {
			t.Errorf("%s: no pager", name)
		}
		if strings.Contains(page, `rel="prev"`) != tc.prev || strings.Contains(page, `rel="next"`) != tc.next {
			t.Errorf("%s: prev %v, next %v; want %v, %v", name, strings.Contains(page, `rel="prev"`),
				strings.Contains(page, `rel="next"`), tc.prev, tc.next)
		}
	}
}

// TestSelfPlayListedOnce: a game a player plays against themselves (an engine's self-play) is
// one game of their page, its opening counted on both sides.
func TestSelfPlayListedOnce(t *testing.T) {
	fsys := fixture(t, "events.txtar")
	fsys["self.bgn"] = &fstest.MapFile{Data: []byte(strings.Repeat(
		"[South \"Bao engine\"]\n[North \"Bao Engine\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A6 a1 *\n\n", 3))}
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.build(context.Background(), fsys, &memOutput{files: map[string][]byte{}})
	if err != nil {
		t.Fatal(err)
	}
	pg := b.playerView(b.players[playerHref("Bao engine")], pageData{}, 1)
	want := []openingView{{Moves: "A6 a1", Games: 3}}
	if len(pg.Games) != 3 || len(pg.Openings) != 1 || !slices.Equal(pg.Openings[0].South, want) || !slices.Equal(pg.Openings[0].North, want) {
		t.Errorf("%d games, openings %+v; want 3 games, %v on both sides", len(pg.Games), pg.Openings, want)
	}
}

// A player's openings are listed by variant: the same moves in Bao la Kiswahili and in Bao la
// Kete are two openings, each under its game, in the order bao lists the games.
func TestPlayerOpeningsByVariant(t *testing.T) {
	game := func(variant, south, north string) string {
		return fmt.Sprintf("[South %q]\n[North %q]\n[Result \"*\"]\n[Variant %q]\n\n1. A6<* a5> *\n\n", south, north, variant)
	}
	fsys := fstest.MapFS{"g.bgn": &fstest.MapFile{Data: []byte(game("Bao la Kete", "Asha", "Baraka") +
		game("Bao la Kete", "Asha", "Chiku") + game("Bao la Kiswahili", "Baraka", "Asha"))}}
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	b, err := s.build(t.Context(), fsys, out)
	if err != nil {
		t.Fatal(err)
	}
	pg := b.playerView(b.players[playerHref("Asha")], pageData{}, 1)
	want := []variantOpenings{
		{Variant: "Bao la Kiswahili", North: []openingView{{Moves: "A6<* a5>", Games: 1}}},
		{Variant: "Bao la Kete", South: []openingView{{Moves: "A6<* a5>", Games: 2}}},
	}
	if !reflect.DeepEqual(pg.Openings, want) {
		t.Errorf("openings %+v, want %+v", pg.Openings, want)
	}
	page := string(out.files[playerHref("Asha")])
	if i, j := strings.Index(page, "<h3>Bao la Kiswahili</h3>"), strings.Index(page, "<h3>Bao la Kete</h3>"); i < 0 || j < i {
		t.Errorf("no heading per variant, in order, in\n%s", page)
	}
}

// A player's list joins the spellings his page joins ("Juma, Ali" is "Ali Juma"), and links
// from the same place.
func TestPlayerListJoinsSpellings(t *testing.T) {
	fsys := fstest.MapFS{"g.bgn": &fstest.MapFile{Data: []byte(`[South "Ali Juma"]
[North "Asha"]
[Variant "Bao Kingulu"]

*

[South "Asha"]
[North "Juma,  Ali"]
[Variant "Bao Kingulu"]

*
`)}}
	files, _ := buildMem(t, fsys)
	list, ok := files["lists/player/ali-juma.html"]
	if !ok {
		t.Fatalf("no list page lists/player/ali-juma.html")
	}
	if n := strings.Count(string(list), `href="../../g/`); n < 2 {
		t.Errorf("the list links %d games, want both:\n%s", n, list)
	}
	if _, ok := files["lists/player/juma-ali.html"]; ok {
		t.Errorf("a second list for the other spelling")
	}
}

// A game page of an event steps to the games before and after it in the event's order,
// across its round files (named here against that order); a game of the folder outside the
// event steps through its file. The static build writes a file's pages again when a new round
// changes its last game's step, and bao serve's pages step as the build's do.
func TestEventSteps(t *testing.T) {
	game := func(round, south, north string) string {
		return fmt.Sprintf("[Event \"Steps Cup\"]\n[Round %q]\n[South %q]\n[North %q]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A6 *\n\n", round, south, north)
	}
	src := fstest.MapFS{
		"cup/event.toml":  {Data: []byte("name = \"Steps Cup\"\nvariant = \"kingulu\"\nformat = \"round-robin\"\n\n[[players]]\n  name = \"Asha\"\n\n[[players]]\n  name = \"Baraka\"\n\n[[players]]\n  name = \"Chiku\"\n\n[[players]]\n  name = \"Daudi\"\n")},
		"cup/b-first.bgn": {Data: []byte(game("1.1", "Asha", "Daudi") + game("1.2", "Baraka", "Chiku"))},
		"cup/c-next.bgn":  {Data: []byte(game("2.1", "Daudi", "Chiku") + game("2.2", "Asha", "Baraka") + strings.ReplaceAll(game("1", "Asha", "Eve"), "Steps Cup", "Friendly"))},
		"cup/a-last.bgn":  {Data: []byte(game("3.1", "Baraka", "Daudi"))},
	}
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	if _, err := s.build(t.Context(), src, out); err != nil {
		t.Fatal(err)
	}
	steps := func(page string) string { // the page's links to the games before and after it
		nav := regexp.MustCompile(`<nav class="prevnext" aria-label="([^"]+)">(.*?)</nav>`).FindStringSubmatch(page)
		if nav == nil {
			return ""
		}
		var s []string
		for _, a := range regexp.MustCompile(`<a href="(?:\.\./)*([^"]+)" rel="(prev|next)">([^<]+)</a>`).FindAllStringSubmatch(nav[2], -1) {
			s = append(s, a[2]+" "+a[1]+" "+a[3])
		}
		return nav[1] + ": " + strings.Join(s, ", ")
	}
	want := map[string]string{
		"cup/b-first/1.html": "Games of this event: next cup/b-first/2.html Next game (round 1.2) ›",
		"cup/b-first/2.html": "Games of this event: prev cup/b-first/1.html ‹ Previous game (round 1.1), next cup/c-next/1.html Next game (round 2.1) ›",
		"cup/c-next/2.html":  "Games of this event: prev cup/c-next/1.html ‹ Previous game (round 2.1), next cup/a-last/1.html Next game (round 3.1) ›",
		"cup/a-last/1.html":  "Games of this event: prev cup/c-next/2.html ‹ Previous game (round 2.2)",
		"cup/c-next/3.html":  "Games of this file: prev cup/c-next/2.html ‹ Previous game (2)",
	}
	check := func(when string, page func(name string) string) {
		t.Helper()
		for name, w := range want {
			if got := steps(page(name)); got != w {
				t.Errorf("%s: %s steps\n%s\nwant\n%s", when, name, got, w)
			}
		}
	}
	check("built", func(name string) string { return string(out.files[name]) })
	c, _, err := s.ReadCatalog(t.Context(), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	check("served", func(name string) string {
		data, _, _, err := c.Page(t.Context(), name, inEnglish)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return string(data)
	})
	// A fourth round: the last game of the third steps on to it, though its file is unchanged.
	src["cup/d-more.bgn"] = &fstest.MapFile{Data: []byte(game("4.1", "Chiku", "Asha"))}
	want["cup/a-last/1.html"] = "Games of this event: prev cup/c-next/2.html ‹ Previous game (round 2.2), next cup/d-more/1.html Next game (round 4.1) ›"
	if _, err := s.build(t.Context(), src, out); err != nil {
		t.Fatal(err)
	}
	check("a round added", func(name string) string { return string(out.files[name]) })
}
