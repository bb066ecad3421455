package site

import (
	"html/template"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/bao-archive/bao/internal/english"
)

// pageData is what every page's layout needs.
type pageData struct {
	Root   string // relative path from the page to the site root: "", "../", ...
	Title  string
	Site   string
	Kind   string // body class: page, game, list, search
	Crumbs []link
}

// link is an href (site-relative unless said otherwise) with its text.
type link struct {
	Href, Text, Note string
}

// mdPage is a Markdown page: the home page, a collection's page or a plain page.
type mdPage struct {
	pageData
	Body        template.HTML
	Collections []link
	Pages       []link
	Games       []gameRow
}

// writeAll writes every page of the site and its assets.
func (b *build) writeAll() error {
	if err := parallel(b.ctx, len(b.games), func(i int) error { return b.writeRecord(b.games[i]) }); err != nil {
		return err
	}
	dirs := make([]string, 0, len(b.folders))
	for d := range b.folders {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		if err := b.writeFolder(b.folders[d]); err != nil {
			return err
		}
	}
	if err := b.writeLists(); err != nil {
		return err
	}
	if err := b.writeEventsAndPlayers(); err != nil {
		return err
	}
	if err := b.writeSearch(); err != nil {
		return err
	}
	assets, err := staticFiles()
	if err != nil {
		return err
	}
	for name, data := range assets {
		if err := b.out.write(name, data); err != nil {
			return err
		}
	}
	return nil
}

// newPage fills in the layout's data for the page at site-relative path name.
func (b *build) newPage(name, kind, title string) pageData {
	p := pageData{Root: strings.Repeat("../", strings.Count(name, "/")), Title: title,
		Site: b.s.opts.Title, Kind: kind}
	// Breadcrumbs: the folders above the page, each with a page of its own.
	dir := path.Dir(name)
	if path.Base(name) == "index.html" {
		dir = path.Dir(dir)
		if name == "index.html" {
			return p
		}
	}
	for d := dir; ; d = path.Dir(d) {
		if f, ok := b.folders[d]; ok {
			p.Crumbs = append([]link{{Href: f.href(), Text: b.folderTitle(f)}}, p.Crumbs...)
		}
		if d == "." || d == "/" {
			break
		}
	}
	return p
}

// writeFolder writes a folder's page and its other Markdown pages.
func (b *build) writeFolder(f *folder) error {
	title := b.folderTitle(f)
	pg := mdPage{pageData: b.newPage(f.href(), "page", title)}
	if f.index != "" {
		body, err := b.readMarkdown(f.index, pg.Root)
		if err != nil {
			return err
		}
		pg.Body = body
	}
	for _, sub := range f.subs {
		pg.Collections = append(pg.Collections, link{Href: sub.href(), Text: b.folderTitle(sub),
			Note: countNote(sub)})
	}
	pg.Pages = append(pg.Pages, b.eventLinks(f)...) // an event folder's event page (events.go)
	for _, p := range f.pages {
		pg.Pages = append(pg.Pages, link{Href: b.pages[p], Text: b.markdownTitle(p)})
		if err := b.writeMarkdownPage(p); err != nil {
			return err
		}
	}
	for _, g := range f.games {
		pg.Games = append(pg.Games, newGameRow(g))
	}
	return b.write(f.href(), "page", pg)
}

func (b *build) writeMarkdownPage(name string) error {
	href := b.pages[name]
	pg := mdPage{pageData: b.newPage(href, "page", b.markdownTitle(name))}
	body, err := b.readMarkdown(name, pg.Root)
	if err != nil {
		return err
	}
	pg.Body = body
	return b.write(href, "page", pg)
}

func (b *build) readMarkdown(name, root string) (template.HTML, error) {
	src, err := b.readSource(name)
	if err != nil { // shown in place: one unreadable page never stops the site
		return b.pageError(name, err), nil
	}
	return b.s.markdown(string(src), &docContext{b: b, file: name, line: 1, root: root}), nil
}

// countNote says how much a folder holds, for the collection lists.
func countNote(f *folder) string {
	var parts []string
	if n := len(f.games); n > 0 {
		parts = append(parts, english.Count(n, "game"))
	}
	if n := len(f.pages); n > 0 {
		parts = append(parts, english.Count(n, "page"))
	}
	if n := len(f.subs); n > 0 {
		parts = append(parts, english.Count(n, "collection"))
	}
	return strings.Join(parts, ", ")
}

// folderTitle is the first heading of the folder's index page, or its name.
func (b *build) folderTitle(f *folder) string {
	if f.index != "" {
		if t := b.markdownTitle(f.index); t != "" {
			return t
		}
	}
	if f.dir == "." {
		return b.s.opts.Title
	}
	return path.Base(f.dir)
}

var heading = regexp.MustCompile(`(?m)^#[ \t]+(.+?)[ \t#]*$`)

// markdownTitle is the first level-one heading of a Markdown file, or its name.
func (b *build) markdownTitle(name string) string {
	src, err := b.readSource(name)
	if err == nil {
		if m := heading.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return strings.TrimSuffix(path.Base(name), ".md")
}
