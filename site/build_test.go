package site

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/sitetest"
)

// TestIncrementalBuild builds the fixture twice into one output, then changes a record file:
// an unchanged archive writes nothing, and a changed file rewrites its own pages and removes
// those of the games it lost.
func TestIncrementalBuild(t *testing.T) {
	src := fixture(t, "archive.txtar")
	s, err := New(Options{Title: "Test site"})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	first, err := s.build(t.Context(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.build(t.Context(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	if r := again.report(); r.Pages != 0 || r.Unchanged != 1 || r.Games != 3 || strings.Join(r.Warnings, "\n") != strings.Join(first.report().Warnings, "\n") {
		t.Errorf("unchanged archive: %+v, want no pages written, 1 file kept, 3 games and the first build's warnings", r)
	}
	// Keep the first game of club/games.bgn only.
	data := string(src["club/games.bgn"].Data)
	src["club/games.bgn"].Data = []byte(data[:strings.Index(data, "\n[Event")+1])
	out.files["club/games/1.html"] = nil // a page that must be written again
	changed, err := s.build(t.Context(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	if r := changed.report(); r.Games != 1 || r.Unchanged != 0 {
		t.Errorf("changed file: %+v, want 1 game and no file kept", r)
	}
	if len(out.files["club/games/1.html"]) == 0 {
		t.Error("club/games/1.html was not written again")
	}
	for _, gone := range []string{"club/games/2.html", "club/games/3.html", "lists/player/chausiku.html"} {
		if _, ok := out.files[gone]; ok {
			t.Errorf("%s is left over from the last build", gone)
		}
	}
	if !strings.Contains(string(out.files["club/index.html"]), "club/games/1.html") {
		t.Error("the folder page does not list the game")
	}
}

// TestGamePaths checks that every game page name reads back to its file and number, however
// many games a file holds.
func TestGamePaths(t *testing.T) {
	for _, n := range []int{1, 2, 999, 1000, 1001, 25000} {
		name := GameHref("club/cup.bgn", n)
		stem, got, ok := parseGameHref(name)
		if !ok || stem != "club/cup" || got != n {
			t.Errorf("GameHref(%d) = %s, read back as %q %d %v", n, name, stem, got, ok)
		}
		embed := embedHref("club/cup.bgn", n)
		if stem, got, ok := parseEmbedHref(embed); !ok || stem != "club/cup" || got != n || path.Dir(embed) != path.Dir(name) {
			t.Errorf("embedHref(%d) = %s (beside %s?), read back as %q %d %v", n, embed, name, stem, got, ok)
		}
		if _, _, ok := parseGameHref(embed); ok || IsEmbed(name) {
			t.Errorf("%s and %s: a game page and an embed page taken one for the other", name, embed)
		}
	}
	for _, name := range []string{"club/cup/index.html", "club/cup/0.html", "club/cup/01.html",
		"club/cup/1000.html", "club/cup/2000/1000.html", "1.html", "club/cup/x.html"} {
		if stem, n, ok := parseGameHref(name); ok {
			t.Errorf("%s read as a game page: %q %d", name, stem, n)
		}
	}
}

// BenchmarkRebuild measures a build of an archive that has not changed since the last build
// into the same output, in games per second.
func BenchmarkRebuild(b *testing.B) {
	const games = 2000
	src := sitetest.Generated(b, games)
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	if _, err := s.build(b.Context(), src, out); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for b.Loop() {
		bd, err := s.build(b.Context(), src, out)
		if err != nil || bd.written != 0 {
			b.Fatalf("rebuild: %v, %d pages written", err, bd.written)
		}
	}
	b.ReportMetric(float64(games*b.N)/time.Since(start).Seconds(), "games/s")
}

// TestHostileFileNames builds records whose file names would be links of their own: the pages
// are named by slugs, and no link carries a scheme, a % or a #.
func TestHostileFileNames(t *testing.T) {
	src := fixture(t, "archive.txtar")
	game := src["club/games.bgn"]
	for _, name := range []string{"club/javascript:alert(document.domain)\u2028-->.bgn", "club/50% draw.bgn", "club/#1 ?x.bgn"} {
		src[name] = game
	}
	files, _ := buildMem(t, src)
	for _, page := range []string{"club/javascript-alert-document.domain/1.html", "club/50-draw/2.html", "club/1-x/index.html"} {
		if _, ok := files[page]; !ok {
			t.Errorf("%s not built", page)
		}
	}
	bad := regexp.MustCompile(`href="[^"]*(javascript:|%|#1|\?x)`)
	for name, data := range files {
		if m := bad.Find(data); m != nil {
			t.Errorf("%s links %s", name, m)
		}
	}
	// Two files whose names slug alike would share pages: the build says so.
	src["club/games!.bgn"] = game
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.build(t.Context(), src, &memOutput{files: map[string][]byte{}}); err == nil || !strings.Contains(err.Error(), "rename one") {
		t.Errorf("club/games.bgn and club/games!.bgn: %v, want a clash", err)
	}
}

// TestIncrementalIndex: the pages whose diagrams asked the index are written again when the
// index changes, and only those.
func TestIncrementalIndex(t *testing.T) {
	dir := writeArchive(t)
	update := func(rebuild bool) {
		if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{Rebuild: rebuild}); err != nil {
			t.Fatal(err)
		}
	}
	update(false)
	s, err := New(Options{IndexDir: archive.DefaultIndexDir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	src := os.DirFS(dir)
	out := &memOutput{files: map[string][]byte{}}
	var b0warn []string
	for _, want := range []int{-1, 0} {
		b, err := s.build(t.Context(), src, out)
		if err != nil {
			t.Fatal(err)
		}
		if want < 0 {
			b0warn = b.warnings
		}
		if want >= 0 && b.written != want {
			t.Errorf("unchanged archive and index: %d pages written, want %d", b.written, want)
		}
	}
	if !strings.Contains(string(out.files["club/notes.html"]), "Also reached in") {
		t.Errorf("the notes' diagram has no links from the index: %v", b0warn)
	}
	update(true)
	b, err := s.build(t.Context(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	if b.unchanged != 0 || b.written == 0 {
		t.Errorf("after the index changed: %d files kept, %d pages written; want club/games.bgn, whose diagram asked the index, written again", b.unchanged, b.written)
	}
}

// TestPaginatedLists builds a record file of 250 games: its list and the lists of its players
// are split into pages of 100 linked to each other.
func TestPaginatedLists(t *testing.T) {
	src := fixture(t, "archive.txtar")
	data := string(src["club/games.bgn"].Data)
	first := data[:strings.Index(data, "\n[Event")+1]
	src["big.bgn"] = &fstest.MapFile{Data: []byte(strings.Repeat(first+"\n", 250))}
	files, _ := buildMem(t, src)
	for page, want := range map[string]string{
		"big/index.html":             `<a href="../big/index.p2.html" rel="next">`,
		"big/index.p2.html":          `<a href="../big/index.html" rel="prev">`,
		"big/index.p3.html":          `href="../big/250.html"`,
		"lists/player/asha.p3.html":  "page 3 of 3, 252 games",
		"lists/variant/kingulu.html": `<a href="../../lists/variant/kingulu.p2.html" rel="next">`,
		"index.html":                 `<a href="big/index.html">big.bgn</a>`,
	} {
		if !strings.Contains(string(files[page]), want) {
			t.Errorf("%s lacks %s:\n%s", page, want, files[page])
		}
	}
	if _, ok := files["big/index.p4.html"]; ok {
		t.Error("a fourth page of 250 games")
	}
}

// TestBuildProgress: a build tells its progress through the record files, up to all their bytes.
func TestBuildProgress(t *testing.T) {
	src := fixture(t, "archive.txtar")
	var last, of int64
	s, err := New(Options{Progress: func(done, total int64, file string) {
		if done < last || file != "club/games.bgn" {
			t.Errorf("progress %d of %d in %s after %d", done, total, file, last)
		}
		last, of = done, total
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.build(t.Context(), src, &memOutput{files: map[string][]byte{}}); err != nil {
		t.Fatal(err)
	}
	if size := int64(len(src["club/games.bgn"].Data)); last != size || of != size {
		t.Errorf("progress ended at %d of %d, want %d of %d", last, of, size, size)
	}
}

// TestNaturalCompare: problems are listed in the order of the lines of their files.
func TestNaturalCompare(t *testing.T) {
	want := []string{"a.bgn:1:2: x", "a.bgn:1:11: x", "a.bgn:2:1: x", "a.bgn:11:1: x", "a.bgn:011:2: x", "b.bgn:1:1: x", "b9x.bgn", "b10.bgn"}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortStableFunc(got, naturalCompare)
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// lockedFS is an archive whose folder "locked" cannot be listed, as a folder without read
// permission for the user who builds.
type lockedFS struct{ fstest.MapFS }

func (l lockedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == "locked" {
		return nil, &fs.PathError{Op: "openat", Path: name, Err: fs.ErrPermission}
	}
	return l.MapFS.ReadDir(name)
}

// TestUnreadableFolder: a folder that cannot be read is skipped with a warning naming it, and
// the rest of the archive is built (the build once stopped at it: "openat lockdir: permission
// denied", found building an archive with a chmod 000 folder as an ordinary user).
func TestUnreadableFolder(t *testing.T) {
	src := fixture(t, "archive.txtar")
	src["locked/games.bgn"] = src["club/games.bgn"]
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := &memOutput{files: map[string][]byte{}}
	b, err := s.build(t.Context(), lockedFS{src}, out)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out.files["club/games/1.html"]; !ok {
		t.Error("club/games.bgn not built")
	}
	if w := strings.Join(b.report().Warnings, "\n"); !strings.Contains(w, "locked: skipped, the folder cannot be read (permission denied)") {
		t.Errorf("warnings:\n%s", w)
	}
	if _, err := tree.Stamp(lockedFS{src}); err != nil {
		t.Errorf("serve's look for changes: %v", err)
	}
}

// TestBidiOverrideIsolated: a right-to-left override in a tag stays inside that tag's value on
// the pages that join tags in one line (found with U+202E in a name: the game's heading read
// "AlianawM – amuJ" and its date 10.10.4202).
func TestBidiOverrideIsolated(t *testing.T) {
	src := fstest.MapFS{"r.bgn": {Data: []byte("[Event \"Cup\u202e evil\"]\n[South \"Ali\u202e Juma\"]\n[North \"Mwana\"]\n" +
		"[Date \"2024.01.01\"]\n[Result \"*\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 a4 *\n")}}
	src["bad.bgn"] = &fstest.MapFile{Data: []byte("[Date \"20\u202e24\"]\n[Variant \"Bao Kingulu\"]\n\n1. A3 *\n")}
	files, rep := buildMem(t, src)
	if w := strings.Join(rep.Warnings, "\n"); strings.Contains(w, `\u2068`) || !strings.Contains(w, `"20\u202e24"`) {
		t.Errorf("the messages must quote the tag as written:\n%s", w)
	}
	page := string(files["r/1.html"])
	for _, want := range []string{"\u2068Ali\u202e Juma\u2069 – Mwana", "\u2068Cup\u202e evil\u2069 · 1 January 2024"} {
		if !strings.Contains(page, want) {
			t.Errorf("the game page has no %q", want)
		}
	}
}

// TestArchiveFilesAsIndexed: the site reads the record files the index reads. bao index read
// _drafts/b.bgn and C.BGN, which the build left out, and the home page's "also reached in"
// links pointed at C/1.html#p3 and _drafts/b/1.html#p3, pages the site never wrote.
func TestArchiveFilesAsIndexed(t *testing.T) {
	p := engine.Kingulu.Start()
	for _, tok := range []string{"A3", "a4", "A1"} {
		m, err := p.ParseMove(tok)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	game := "[Variant \"kingulu\"]\n\n1. A3 a4 2. A1 *\n"
	dir := t.TempDir()
	for name, data := range map[string]string{
		"index.md":      "# Home\n\n```bao variant=kingulu\n" + p.String() + "\n```\n",
		"a.bgn":         game,
		"_drafts/b.bgn": game,
		"C.BGN":         game,
	} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := archive.Update(t.Context(), dir, archive.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := Build(t.Context(), mustRoot(t, dir), out, Options{IndexDir: archive.DefaultIndexDir(dir)}); err != nil {
		t.Fatal(err)
	}
	home, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	links := regexp.MustCompile(`href="([^"#]+)#p\d+"`).FindAllStringSubmatch(string(home), -1)
	var got []string
	for _, l := range links {
		got = append(got, l[1])
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(l[1]))); err != nil {
			t.Errorf("the home page links to %s, which the site does not hold", l[1])
		}
	}
	if slices.Sort(got); !slices.Equal(got, []string{"C/1.html", "a/1.html"}) {
		t.Errorf("also reached in: %q, want C/1.html and a/1.html", got)
	}
}
