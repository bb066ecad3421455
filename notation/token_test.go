package notation

import "testing"

func TestAdvance(t *testing.T) {
	tests := []struct {
		from Pos
		text string
		want Pos
	}{
		{Pos{1, 1}, "", Pos{1, 1}},
		{Pos{1, 1}, "abc", Pos{1, 4}},
		{Pos{3, 5}, "ñé", Pos{3, 7}}, // columns count characters, not bytes
		{Pos{1, 9}, "a\nbc", Pos{2, 3}},
		{Pos{1, 1}, "\n\n", Pos{3, 1}},
	}
	for _, tc := range tests {
		if got := advance(tc.from, []byte(tc.text)); got != tc.want {
			t.Errorf("advance(%v, %q) = %v, want %v", tc.from, tc.text, got, tc.want)
		}
	}
}

func TestGlyphsAreNAGs(t *testing.T) {
	for glyph, nag := range map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6} {
		if got, ok := ParseNAG(glyph); !ok || got != nag {
			t.Errorf("%s reads as $%d (%v), want $%d", glyph, got, ok, nag)
		}
		if g, meaning, ok := Glyph(nag); !ok || g != glyph || meaning == "" {
			t.Errorf("$%d is written %q (%q, %v), want %s", nag, g, meaning, ok, glyph)
		}
	}
}

func TestParseNAG(t *testing.T) {
	for s, want := range map[string]int{"$0": 0, "$14": 14, "$255": 255, "!?": 5} {
		if n, ok := ParseNAG(s); !ok || n != want {
			t.Errorf("ParseNAG(%q) = %d, %v; want %d", s, n, ok, want)
		}
	}
	for _, s := range []string{"", "$", "$256", "$-1", "$+5", "14", "!!!", "$1x"} {
		if n, ok := ParseNAG(s); ok {
			t.Errorf("ParseNAG(%q) = %d, want no NAG", s, n)
		}
	}
	if _, _, ok := Glyph(7); ok {
		t.Error("$7 has a glyph")
	}
}
