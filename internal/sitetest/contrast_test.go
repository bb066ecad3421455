package sitetest

import (
	"math"
	"testing"
)

// TestContrastFails: the measure tells a failing pair from a passing one.
func TestContrastFails(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{{"#000000", "#ffffff", 21}, {"#ffffff", "#ffffff", 1}, {"#777777", "#ffffff", 4.48}} {
		if got := Contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Contrast(%s, %s) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

// TestParseCSS: a later sheet wins, var() is resolved, and an @media block's rules are left
// out (the colours a test reads are the page's own, not those of a screen it is not on).
func TestParseCSS(t *testing.T) {
	sh := ParseCSS(`:root { --a: #111111; } p { color: var(--a); } @media (x) { p { color: #222222; } q { color: #333333; } } q { color: #444444; }`,
		`p { color: #555555; }`)
	if got := sh.Color(t, "p", "color"); got != "#555555" {
		t.Errorf("p: %s, want the later sheet's #555555", got)
	}
	if got := sh.Color(t, "q", "color"); got != "#444444" {
		t.Errorf("q: %s, want #444444 (not the @media block's)", got)
	}
	if got := ParseCSS(`p { color: var(--a); } :root { --a: #111111; }`).Color(t, "p", "color"); got != "#111111" {
		t.Errorf("var(--a): %s, want #111111", got)
	}
}
