package site

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
)

// catalogue is the archive as the pages show it: its folders, pages and record files, the row
// of every game, the facets of the lists, the events and the players, the openings, in one
// language with the paths of the site. The builder makes it once (build.go, collect.go) and
// hands it to the renderers, functions of the catalogue and one page (as hugo's page
// templates read a site model its builder made): they read it and never write it, nor the
// builder's manifest, output or progress. bao serve renders each request from a copy in the
// reader's language. What a renderer needs from the builder while it renders goes through
// asks.
type catalogue struct {
	s   *Site
	src fs.FS
	l   *lang.Lang // the language of the pages
	// langs are the languages each page links to itself in, its own among them; none for a
	// site in one language
	langs []*lang.Lang
	// live is set when bao serve renders the pages: a page's other languages are the same
	// address asked with ?lang=, not the pages in the other languages' folders
	live bool
	// served: bao serve renders the pages and has the archive's index for the live search
	served bool

	folders map[string]*folder    // by archive-relative directory; "." is the root
	records []string              // record files, sorted
	pages   map[string]string     // archive-relative .md or .bgn path -> site-relative page
	places  map[string]link       // a folder of the site -> its page, for breadcrumbs
	entries map[string]*fileEntry // the catalog's rows, by record file
	facets  facets
	search  *searchCache

	eventIndex // the events and players (events.go, players.go)

	ask asks
}

// folder is one directory of the archive that holds pages or records.
type folder struct {
	dir     string // archive-relative, "." for the root
	index   string // its index.md or README.md, "" if none
	title   string // the first heading of its index, or its name (every page's crumbs show it)
	pages   []string
	records []string
	subs    []*folder
}

// href is the folder's page.
func (f *folder) href() string { return folderHref(f.dir) }

// asks is what a renderer asks of the builder that runs it: the archive's index, which a build
// holds only while it writes pages, and the report of a problem a page shows.
type asks interface {
	warn(msg string)
	others(pos engine.Position, g *game) ([]link, int)
	novelty(file string, n int) (archive.Novelty, bool, error)
}

// warn reports a problem that a page shows.
func (b *catalogue) warn(msg string) { b.ask.warn(msg) }

// others lists the games of the index that reached pos besides g (build.others).
func (b *catalogue) others(pos engine.Position, g *game) ([]link, int) { return b.ask.others(pos, g) }

// pageOf returns the page built from an archive-relative source path.
func (b *catalogue) pageOf(src string) (string, bool) {
	p, ok := b.pages[src]
	return p, ok
}

// where names an archive file in problem reports.
func (b *catalogue) where(name string) string {
	return path.Join(filepath.ToSlash(b.s.opts.Source), name)
}

// render renders one page kind with data in the build's language.
func (b *catalogue) render(kind string, data any) ([]byte, error) {
	return b.s.tmpl[b.l.Code()].render(kind, data)
}

// rendered is a page a renderer made and the site-relative name the builder writes it to.
type rendered struct {
	name string
	html []byte
}

// renderAs renders one page kind with data as the page name.
func (b *catalogue) renderAs(name, kind string, data any) (rendered, error) {
	html, err := b.render(kind, data)
	if err != nil {
		return rendered{}, fmt.Errorf("%s: %w", name, err)
	}
	return rendered{name, html}, nil
}
