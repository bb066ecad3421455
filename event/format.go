package event

import (
	"math"
	"strconv"
)

// FormatPoints writes points and tie-break values as a crosstable does, the same everywhere:
// 3, 2½, ½, and quarters (a Sonneborn-Berger with draws) as 1¼ and ¾; other values (a
// scoring of thirds, say) in decimals.
func FormatPoints(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	whole := math.Floor(f)
	frac, ok := map[float64]string{0: "", 0.25: "¼", 0.5: "½", 0.75: "¾"}[f-whole]
	switch {
	case !ok:
		return sign + strconv.FormatFloat(f, 'f', -1, 64)
	case whole == 0 && frac != "":
		return sign + frac
	}
	return sign + strconv.FormatFloat(whole, 'f', 0, 64) + frac
}

// FormatRating writes a rating as rating lists do: a whole number.
func FormatRating(r float64) string { return strconv.FormatFloat(math.Round(r), 'f', 0, 64) }
