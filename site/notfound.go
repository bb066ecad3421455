package site

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
)

// A static host answers an address the site does not have with the site's 404.html, at
// whatever depth the address is, and the site may live below a folder of the host's own (a
// project's GitHub Pages, /project/): the page cannot know where the site's root is, so
// neither links from the page (../) nor from the host's root (/static/...) hold. 404.html
// therefore carries its style in the page, and a script (templates/notfound.js) that finds
// the site's root, the nearest folder above the address that has this 404.html, and points
// the page's links there. Without scripts its links hold at the site's top level. The
// page's Content-Security-Policy allows the two by their hashes
// (docs/guides/publishing-an-annotated-collection.md, "Publish it").

// aloneAssets are what the static 404.html carries in itself, and their hashes for the
// page's Content-Security-Policy.
type aloneAssets struct {
	Style                 template.CSS
	Script                template.JS
	StyleHash, ScriptHash string // 'sha256-…'
}

// notFoundAlone renders 404.html: the page bao serve answers for an address it does not have,
// standing on its own (aloneAssets).
func (b *catalogue) notFoundAlone() ([]byte, error) {
	if b.live { // bao serve answers every address at its own depth, and its pages take no inline script
		return b.render("error", b.notFound(notFoundHref))
	}
	css, err := files.ReadFile(siteStyleHref)
	if err != nil {
		return nil, err
	}
	js, err := files.ReadFile("templates/notfound.js")
	if err != nil {
		return nil, err
	}
	pg := b.notFound(notFoundHref)
	pg.Alone = &aloneAssets{Style: trustedCSS(string(css)), Script: trustedJS(string(js)),
		StyleHash: cspHash(css), ScriptHash: cspHash(js)}
	return b.render("error", pg)
}

// cspHash is the Content-Security-Policy source that allows an inline style or script whose
// text is data.
func cspHash(data []byte) string {
	sum := sha256.Sum256(data)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}
