package site

import (
	"strings"
	"testing"
)

// TestBoardRules checks which rules of a stylesheet a board's image takes: the custom
// properties, and the rules that draw inside svg.board, not those that size it on a page or
// belong to the analysis board's input.
func TestBoardRules(t *testing.T) {
	css := `/* a comment { with braces } */
:root { --ink: #111; }
svg.board { display: block; width: 100%; }
svg.board.w8 { max-width: 32rem; }
svg.board .pit circle, svg.board .pit rect { fill: var(--pit); }
svg.board .pit text { font-size: 19px;
  dominant-baseline: central; }
svg.board.key text { font-size: 13px; }
svg.board.input .pit { cursor: pointer; }
svg.board[data-analysis].w6 { min-width: 297px; }
svg.board.flipped text { transform: rotate(180deg); }
svg.board .pit, main p { color: red; }
@media (min-width: 60rem) { svg.board .pit text { font-size: 30px; } }
body { margin: 0; }`
	want := `svg.image { --ink: #111; }
svg.board .pit circle, svg.board .pit rect { fill: var(--pit); }
svg.board .pit text { font-size: 19px;
  dominant-baseline: central; }
svg.board.key text { font-size: 13px; }
`
	if got := boardRules(css); got != want {
		t.Errorf("boardRules:\n%s\nwant\n%s", got, want)
	}
	// The site's own stylesheet gives every part of a board its rule.
	for _, sel := range []string{"svg.image {", "svg.board .frame", "svg.board .pit circle", "svg.board .pit.sown", "svg.board .pit.capt", "svg.board .pit.from"} {
		if !strings.Contains(BoardStyle(), sel) {
			t.Errorf("BoardStyle has no rule %q", sel)
		}
	}
}
