package sitetest

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// CSS is a stylesheet's rules as written, for the tests that compute contrasts from the
// site's own colours: each selector (of a comma list) with its declarations, and the custom
// properties of :root. Rules inside @media blocks are left out.
type CSS struct {
	rules []cssRule
	vars  map[string]string
}

type cssRule struct {
	sel   string
	decls map[string]string
}

var cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)

// ParseCSS reads the stylesheets srcs, in order: a later one's rules and custom properties
// win, as in a page that links them in that order.
func ParseCSS(srcs ...string) *CSS {
	sh := &CSS{vars: map[string]string{}}
	for _, src := range srcs {
		src = cssComment.ReplaceAllString(src, "")
		inMedia := false
		for _, block := range strings.Split(src, "}") {
			sel, body, ok := strings.Cut(block, "{")
			switch {
			case inMedia: // an @media block's rule, or (without "{") its end
				inMedia = ok
				continue
			case !ok:
				continue
			case strings.Contains(sel, "@"):
				inMedia = true
				continue
			}
			decls := map[string]string{}
			for _, d := range strings.Split(body, ";") {
				if k, v, ok := strings.Cut(d, ":"); ok {
					decls[strings.TrimSpace(k)] = strings.TrimSpace(v)
				}
			}
			for _, s := range strings.Split(sel, ",") {
				s = strings.Join(strings.Fields(s), " ")
				if s == ":root" {
					for k, v := range decls {
						sh.vars[k] = v
					}
				}
				sh.rules = append(sh.rules, cssRule{s, decls})
			}
		}
	}
	return sh
}

// Color is the value the last rule with exactly this selector gives to prop, with var()
// resolved; the test fails unless it is a #rrggbb colour.
func (sh *CSS) Color(t testing.TB, sel, prop string) string {
	t.Helper()
	v := ""
	for _, r := range sh.rules {
		if r.sel == sel && r.decls[prop] != "" {
			v = r.decls[prop]
		}
	}
	for strings.HasPrefix(v, "var(") {
		v = sh.vars[strings.TrimSuffix(strings.TrimPrefix(v, "var("), ")")]
	}
	if !regexp.MustCompile(`^#[0-9a-fA-F]{6}$`).MatchString(v) {
		t.Fatalf("%s { %s }: %q is not a colour the test reads (#rrggbb)", sel, prop, v)
	}
	return v
}

// Contrast is the WCAG 2 contrast ratio of two #rrggbb colours.
func Contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance is a #rrggbb colour's WCAG 2 relative luminance.
func luminance(hex string) float64 {
	var c [3]float64
	for i := range c {
		n, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		v := float64(n) / 255
		if v <= 0.03928 {
			c[i] = v / 12.92
		} else {
			c[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
}
