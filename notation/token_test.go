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
		if glyphs[glyph] != nag {
			t.Errorf("%s reads as $%d, want $%d", glyph, glyphs[glyph], nag)
		}
	}
}
