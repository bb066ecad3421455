package site

import "html/template"

// trustedHTML marks HTML that the site wrote itself as safe to put in a page unescaped. It is
// the one place where a string becomes template.HTML, so that each caller is easy to audit:
// every caller escapes all text it writes (the move text, the boards) or takes it from goldmark
// with raw HTML off (annotations and pages).
func trustedHTML(s string) template.HTML { return template.HTML(s) }
