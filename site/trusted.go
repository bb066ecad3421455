package site

import (
	"html"
	"html/template"
)

// trustedHTML marks HTML that the site wrote itself as safe to put in a page unescaped. It is
// the one place where a string becomes template.HTML, so that each caller is easy to audit:
// every caller escapes all text it writes (the move text, the boards) with escapeHTML or takes
// it from goldmark with raw HTML off (annotations and pages).
func trustedHTML(s string) template.HTML { return template.HTML(s) }

// trustedJS marks a script value the site wrote itself (the viewer's data, numbers and
// strings it quoted) as safe to put in a page unescaped.
func trustedJS(s string) template.JS { return template.JS(s) }

// escapeHTML escapes a text for HTML written by hand, in an element or a quoted attribute.
func escapeHTML(s string) string { return html.EscapeString(s) }

// trustedCSS marks a stylesheet of the site's own (static/site.css) as safe to put in a page's
// style element unescaped.
func trustedCSS(s string) template.CSS { return template.CSS(s) }
