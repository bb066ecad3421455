package notation

import "testing"

// TestParseDate: one reader of Date tags. `Date "12ab"` once gave bao stats a year 12ab while
// the site and the search dropped it.
func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Date
		year string
	}{
		{"1998.03.14", Date{1998, 3, 14}, "1998"},
		{"1998.??.??", Date{1998, 0, 0}, "1998"},
		{"1998", Date{1998, 0, 0}, "1998"},
		{"????.03.14", Date{0, 3, 14}, ""},
		{"12ab", Date{}, ""},
		{"0998.1x.02", Date{998, 0, 2}, "0998"},
		{"-123.01.01", Date{0, 1, 1}, ""},
		{"", Date{}, ""},
	} {
		if got := ParseDate(tc.in); got != tc.want || got.YearText() != tc.year {
			t.Errorf("ParseDate(%q) = %+v, year %q; want %+v, %q", tc.in, got, got.YearText(), tc.want, tc.year)
		}
	}
	var tl Tally
	for _, r := range parseAll(t, `[Date "12ab"] [Variant "kingulu"] *`) {
		tl.Add(r)
	}
	if y := tl.Stats(2).Year; len(y) != 1 || y[0].Value != "?" {
		t.Errorf("bao stats reads the year of Date \"12ab\" as %v, want it unknown", y)
	}
}
