package site

import (
	"path"
	"strings"
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
	// Alone, for the static site's 404.html alone, makes the page stand on its own at any
	// address (notFoundAlone): its style and script in the page, allowed by their hashes.
	Alone *aloneAssets
}

// link is an href (site-relative unless said otherwise) with its text.
type link struct {
	Href, Text, Note string
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

// siteTitle names the site: Options.Title, else the catalogue's name in the page's language.
func (b *catalogue) siteTitle() string {
	if b.s.opts.Title != "" {
		return b.s.opts.Title
	}
	return b.l.T("layout.title")
}
