package site

import (
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site/board"
	"github.com/bao-archive/bao/site/webengine"
)

// pageData is what every page's layout needs.
type pageData struct {
	Root   string // relative path from the page to the site root: "", "../", ...
	Title  string
	Site   string
	Kind   string // body class: page, game, list, search
	Crumbs []link
	Langs  []link // the page in each language of the site (Note is the language's code)
	Live   string // the live broadcast's script (Options.LiveScript), "" for none
	// Served: bao serve renders the page and answers the live search and the explorer
	// (/search, /explore), which the header and the analysis board then link to. A static
	// site's pages link to its own search.html.
	Served bool
}

// link is an href (site-relative unless said otherwise) with its text.
type link struct {
	Href, Text, Note string
}

// mdPage is a Markdown page: the home page, a collection's page, a record file's list of games
// or a plain page.
type mdPage struct {
	pageData
	// Heading is the page's level-one heading where no Markdown gives one: a folder without
	// an index.md, a record file's list of games.
	Heading     string
	Body        template.HTML
	Collections []link
	Pages       []link
	Games       []gameRow
	Pager       *pager
}

// pageFunc renders one page from the catalogue (of a build, or of a view of it).
type pageFunc func(c *catalogue) ([]byte, error)

// routes maps every page made from the catalog (folders, Markdown pages, record files' lists,
// the lists, the event and player pages, the search page and its index) and every asset to what renders it. Game pages are
// not among them: a build streams them, and bao serve finds them by their names (GameHref).
func (b *catalogue) routes() (map[string]pageFunc, error) {
	assets, err := staticFiles()
	if err != nil {
		return nil, err
	}
	r := map[string]pageFunc{}
	for _, f := range b.folders {
		r[f.href()] = func(v *catalogue) ([]byte, error) { return v.folderPage(f) }
		for _, p := range f.pages {
			r[b.pages[p]] = func(v *catalogue) ([]byte, error) { return v.markdownPage(p) }
		}
	}
	for _, file := range b.records {
		r[recordFileHref(file)] = func(v *catalogue) ([]byte, error) { return fs.ReadFile(v.src, file) }
		eachPage(b.gamesOf(file), func(i int) {
			r[recordHref(file, i)] = func(v *catalogue) ([]byte, error) { return v.recordListPage(file, i) }
		})
	}
	r[listsIndexHref] = (*catalogue).listsIndexPage
	for _, fk := range facetKinds {
		if n := len(b.facets[fk.kind]); n > gamesPerPage { // more than the lists' index shows
			eachPage(n, func(i int) {
				r[facetIndexHref(fk.kind, i)] = func(v *catalogue) ([]byte, error) { return v.facetIndexPage(fk.kind, fk.name, i) }
			})
		}
		for slug, fv := range b.facets[fk.kind] {
			eachPage(len(fv.games), func(i int) {
				r[listHref(fk.kind, slug, i)] = func(v *catalogue) ([]byte, error) { return v.facetPage(fk.kind, fk.name, slug, i) }
			})
		}
	}
	for _, ev := range b.events {
		eachPage(len(ev.games), func(i int) {
			r[pageHref(ev.href, i)] = func(v *catalogue) ([]byte, error) { return v.eventPage(ev, i) }
		})
	}
	for href, p := range b.players {
		eachPage(len(p.games), func(i int) {
			r[pageHref(href, i)] = func(v *catalogue) ([]byte, error) { return v.playerPage(p, i) }
		})
	}
	r[searchHref] = (*catalogue).searchPage
	r[searchDataHref] = func(v *catalogue) ([]byte, error) { return v.searchData().index, nil }
	for i := range b.searchData().chunks {
		r[searchChunkHref(i)] = func(v *catalogue) ([]byte, error) { return v.searchData().chunks[i], nil }
	}
	eng, err := webengine.Load()
	if err != nil {
		return nil, err
	}
	for name, data := range eng.Files {
		assets[name] = data
	}
	for name, data := range assets {
		r[name] = func(*catalogue) ([]byte, error) { return data, nil }
	}
	r[boardStyleHref] = func(*catalogue) ([]byte, error) { return []byte(BoardStyle() + board.ImageStyle), nil }
	for _, l := range append([]*lang.Lang{b.l}, b.langs...) {
		r[msgsHref(l.Code())] = func(*catalogue) ([]byte, error) { return msgsScript(l), nil }
	}
	return r, nil
}

// newPage fills in the layout's data for the page at site-relative path name.
func (b *catalogue) newPage(name, kind, title string) pageData {
	p := pageData{Root: strings.Repeat("../", strings.Count(name, "/")), Title: title,
		Site: b.siteTitle(), Kind: kind, Live: b.s.opts.LiveScript, Served: b.served}
	// The language switch: bao serve answers every address in every language (?lang= sets
	// the reader's choice); a built site has each language's pages in its own folder.
	up := strings.Repeat("../", strings.Count(b.s.langPrefix(b.l), "/"))
	for _, l := range b.langs {
		href := langSwitchHref(l.Code())
		if !b.live {
			href = p.Root + up + b.s.langPrefix(l) + name
		}
		p.Langs = append(p.Langs, link{Href: href, Text: l.Name(), Note: l.Code()})
	}
	// Breadcrumbs: the folders above the page, each with a page of its own.
	dir := path.Dir(name)
	if isFolderPage(name) {
		dir = path.Dir(dir)
		if name == homeHref {
			return p
		}
	}
	for d := dir; ; d = path.Dir(d) {
		if l, ok := b.places[d]; ok {
			if l.Text == "" { // the root, named as the site is in the page's language
				l.Text = b.siteTitle()
			}
			p.Crumbs = append([]link{l}, p.Crumbs...)
		}
		if d == "." || d == "/" {
			break
		}
	}
	return p
}

// folderPage renders a folder's page: its index.md or README.md, its sub-folders, pages and
// record files, and its games if they fit on one page.
func (b *catalogue) folderPage(f *folder) ([]byte, error) {
	title := b.folderTitle(f)
	pg := mdPage{pageData: b.newPage(f.href(), "page", title)}
	if f.index != "" {
		body, err := b.readMarkdown(f.index, pg.Root)
		if err != nil {
			return nil, err
		}
		pg.Body = body
	} else {
		pg.Heading = title
	}
	for _, sub := range f.subs {
		pg.Collections = append(pg.Collections, link{Href: sub.href(), Text: sub.title,
			Note: b.countNote(sub)})
	}
	games := 0
	for _, r := range f.records {
		games += b.gamesOf(r)
	}
	if games > gamesPerPage || len(f.records) > 1 {
		for _, r := range f.records {
			pg.Collections = append(pg.Collections, link{Href: recordHref(r, 1), Text: path.Base(r),
				Note: b.l.N("count.games", b.gamesOf(r))})
		}
	}
	if games <= gamesPerPage {
		for _, r := range f.records {
			pg.Games = append(pg.Games, b.rows(r, 0, b.gamesOf(r))...)
		}
	}
	pg.Pages = append(pg.Pages, b.eventLinks(f)...) // an event folder's event page (events.go)
	for _, p := range f.pages {
		pg.Pages = append(pg.Pages, link{Href: b.pages[p], Text: b.markdownTitle(p)})
	}
	return b.render("page", pg)
}

// gamesOf is the number of games of a record file.
func (b *catalogue) gamesOf(file string) int {
	if e := b.entries[file]; e != nil {
		return len(e.Games)
	}
	return 0
}

// rows are the table rows of games lo to hi (0-based, hi excluded) of a record file.
func (b *catalogue) rows(file string, lo, hi int) []gameRow {
	e := b.entries[file]
	var rows []gameRow
	for n := lo; n < hi; n++ {
		rows = append(rows, newGameRow(b.l, file, n+1, &e.Games[n], len(e.Games) > 1))
	}
	return rows
}

// recordListPage renders page i of the list of a record file's games.
func (b *catalogue) recordListPage(file string, i int) ([]byte, error) {
	name := recordHref(file, i)
	lo, hi, pgr := pageRange(recordHref(file, 1), b.gamesOf(file), i)
	pg := mdPage{pageData: b.newPage(name, "page", path.Base(file)), Heading: path.Base(file), Pager: pgr, Games: b.rows(file, lo, hi)}
	return b.render("page", pg)
}

// markdownPage renders a Markdown page.
func (b *catalogue) markdownPage(name string) ([]byte, error) {
	href := b.pages[name]
	pg := mdPage{pageData: b.newPage(href, "page", b.markdownTitle(name))}
	body, err := b.readMarkdown(name, pg.Root)
	if err != nil {
		return nil, err
	}
	pg.Body = body
	return b.render("page", pg)
}

func (b *catalogue) readMarkdown(name, root string) (template.HTML, error) {
	src, err := b.readSource(name)
	if err != nil { // shown in place: one unreadable page never stops the site
		return b.pageError(name, err), nil
	}
	return b.s.markdown(string(src), &docContext{b: b, file: name, line: 1, root: root}), nil
}

// countNote says how much a folder holds, for the collection lists.
func (b *catalogue) countNote(f *folder) string {
	var parts []string
	games := 0
	for _, r := range f.records {
		games += b.gamesOf(r)
	}
	if games > 0 {
		parts = append(parts, b.l.N("count.games", games))
	}
	if n := len(f.pages); n > 0 {
		parts = append(parts, b.l.N("count.pages", n))
	}
	if n := len(f.subs); n > 0 {
		parts = append(parts, b.l.N("count.collections", n))
	}
	return strings.Join(parts, ", ")
}

// titleOf is the first heading of the folder's index page, or its name; "" for the root
// without a heading, whose title is the site's in each page's language (folderTitle).
func (b *catalogue) titleOf(f *folder) string {
	if f.index != "" {
		if t := b.markdownTitle(f.index); t != "" {
			return t
		}
	}
	if f.dir == "." {
		return "" // the site's name, in each page's language (folderTitle)
	}
	return path.Base(f.dir)
}

// folderTitle is a folder's title in the page's language: the root's, without a heading of its
// own, is the site's name.
func (b *catalogue) folderTitle(f *folder) string {
	if f.title == "" {
		return b.siteTitle()
	}
	return f.title
}

// siteTitle names the site: Options.Title, else the catalogue's name in the page's language.
func (b *catalogue) siteTitle() string {
	if b.s.opts.Title != "" {
		return b.s.opts.Title
	}
	return b.l.T("layout.title")
}

var heading = regexp.MustCompile(`(?m)^#[ \t]+(.+?)[ \t#]*$`)

// markdownTitle is the first level-one heading of a Markdown file, or its name.
func (b *catalogue) markdownTitle(name string) string {
	src, err := b.readSource(name)
	if err == nil {
		if m := heading.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return strings.TrimSuffix(path.Base(name), ".md")
}
