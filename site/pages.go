package site

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
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

// mdPage is a Markdown page: the home page, a collection's page, a record file's list of games
// or a plain page.
type mdPage struct {
	pageData
	Body        template.HTML
	Collections []link
	Pages       []link
	Games       []gameRow
	Pager       *pager
}

// writeCatalogPages writes the pages made from the whole catalog (folders, record files,
// lists, search) and the assets, unless nothing they show changed since the last build. It
// returns the names written, for the manifest.
func (b *build) writeCatalogPages(old *manifest) ([]string, string, error) {
	stamp, err := b.catalogStamp()
	if err != nil {
		return nil, "", err
	}
	if stamp == old.Catalog && b.version() != "" {
		return old.Lists, stamp, nil
	}
	var written []string
	for _, d := range sortedKeys(b.folders) {
		if err := b.writeFolder(b.folders[d], &written); err != nil {
			return nil, "", err
		}
	}
	for _, r := range b.records {
		if err := b.writeRecordList(r, &written); err != nil {
			return nil, "", err
		}
	}
	if err := b.writeLists(&written); err != nil {
		return nil, "", err
	}
	if err := b.writeSearch(&written); err != nil {
		return nil, "", err
	}
	assets, err := staticFiles()
	if err != nil {
		return nil, "", err
	}
	for _, name := range sortedKeys(assets) {
		written = append(written, name)
		if err := b.out.write(name, assets[name]); err != nil {
			return nil, "", err
		}
	}
	slices.Sort(written)
	for _, name := range old.Lists {
		if _, found := slices.BinarySearch(written, name); !found {
			if err := b.out.remove(name); err != nil {
				b.warn(fmt.Sprintf("removing an old page: %v", err))
			}
		}
	}
	return written, stamp, nil
}

// catalogStamp identifies what the catalog pages show: the version, the index, the Markdown
// files' contents and every record file's checksum.
func (b *build) catalogStamp() (string, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00", b.version(), b.ixStamp)
	for _, d := range sortedKeys(b.folders) {
		f := b.folders[d]
		for _, p := range append([]string{f.index}, f.pages...) {
			if p == "" {
				continue
			}
			size, sum, err := fileSum(b.src, p)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", p, size, sum)
		}
	}
	for _, r := range b.records {
		e := b.entries[r]
		if e != nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", r, e.Size, e.Sum)
		}
	}
	return fmt.Sprintf("%x", h.Sum64()), nil
}

// saveManifest writes the manifest for the next build.
func (b *build) saveManifest(lists []string, catalog string) error {
	m := manifest{Version: b.version(), Index: b.ixStamp, Catalog: catalog, Files: b.entries, Lists: lists}
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return b.out.write(manifestName, data)
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
		} else if r, ok := b.recordOf(d); ok {
			p.Crumbs = append([]link{{Href: recordHref(r, 1), Text: path.Base(r)}}, p.Crumbs...)
		}
		if d == "." || d == "/" {
			break
		}
	}
	return p
}

// recordOf finds the record file whose games' pages are in the site folder dir.
func (b *build) recordOf(dir string) (string, bool) {
	f, ok := b.folders[path.Dir(dir)]
	if !ok {
		return "", false
	}
	for _, r := range f.records {
		if outStem(r) == dir {
			return r, true
		}
	}
	return "", false
}

// writeFolder writes a folder's page and its other Markdown pages. The page lists the folder's
// sub-folders, pages and record files, and its games if they fit on one page.
func (b *build) writeFolder(f *folder, written *[]string) error {
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
			Note: b.countNote(sub)})
	}
	games := 0
	for _, r := range f.records {
		games += b.gamesOf(r)
	}
	if games > gamesPerPage || len(f.records) > 1 {
		for _, r := range f.records {
			pg.Collections = append(pg.Collections, link{Href: recordHref(r, 1), Text: path.Base(r),
				Note: plural(b.gamesOf(r), "game")})
		}
	}
	if games <= gamesPerPage {
		for _, r := range f.records {
			pg.Games = append(pg.Games, b.rows(r, 0, b.gamesOf(r))...)
		}
	}
	for _, p := range f.pages {
		pg.Pages = append(pg.Pages, link{Href: b.pages[p], Text: b.markdownTitle(p)})
		*written = append(*written, b.pages[p])
		if err := b.writeMarkdownPage(p); err != nil {
			return err
		}
	}
	*written = append(*written, f.href())
	return b.write(f.href(), "page", pg)
}

// gamesOf is the number of games of a record file.
func (b *build) gamesOf(file string) int {
	if e := b.entries[file]; e != nil {
		return len(e.Games)
	}
	return 0
}

// rows are the table rows of games lo to hi (0-based, hi excluded) of a record file.
func (b *build) rows(file string, lo, hi int) []gameRow {
	e := b.entries[file]
	var rows []gameRow
	for n := lo; n < hi; n++ {
		rows = append(rows, newGameRow(file, n+1, &e.Games[n]))
	}
	return rows
}

// writeRecordList writes the pages listing the games of a record file.
func (b *build) writeRecordList(file string, written *[]string) error {
	return paginate(recordHref(file, 1), b.gamesOf(file), func(name string, lo, hi int, pgr *pager) error {
		pg := mdPage{pageData: b.newPage(name, "page", path.Base(file)), Pager: pgr}
		pg.Games = b.rows(file, lo, hi)
		*written = append(*written, name)
		return b.write(name, "page", pg)
	})
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
	src, err := fs.ReadFile(b.src, name)
	if err != nil {
		return "", err
	}
	return b.s.markdown(string(src), &docContext{b: b, file: name, line: 1, root: root}), nil
}

// countNote says how much a folder holds, for the collection lists.
func (b *build) countNote(f *folder) string {
	var parts []string
	games := 0
	for _, r := range f.records {
		games += b.gamesOf(r)
	}
	if games > 0 {
		parts = append(parts, plural(games, "game"))
	}
	if n := len(f.pages); n > 0 {
		parts = append(parts, plural(n, "page"))
	}
	if n := len(f.subs); n > 0 {
		parts = append(parts, plural(n, "collection"))
	}
	return strings.Join(parts, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
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
	src, err := fs.ReadFile(b.src, name)
	if err == nil {
		if m := heading.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return strings.TrimSuffix(path.Base(name), ".md")
}
