package english

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{{0, "game", "0 games"}, {1, "game", "1 game"}, {2, "file", "2 files"}, {12, "more game", "12 more games"}} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{1: "1 game", 0: "0 games", 1281: "1,281 games", 10000: "10,000 games"} {
		if got := Grouped(n, "game"); got != want {
			t.Errorf("Grouped(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestNumber(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 10000: "10,000", 105013: "105,013", 1234567: "1,234,567", -1000: "-1,000"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
}
