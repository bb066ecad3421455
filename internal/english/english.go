// Package english writes the small pieces of English that bao's messages share.
package english

import "strconv"

// Count writes n with its noun, plural unless n is 1: "1 game", "3 games", "0 files". Nouns
// whose plural is not noun+"s" have no place in bao's messages.
func Count(n int, noun string) string { return count(strconv.Itoa(n), n, noun) }

// Grouped is Count with a comma between thousands, for readers of the site: "10,000 games".
// The command line keeps Count's plain digits, which scripts read.
func Grouped(n int, noun string) string { return count(Number(n), n, noun) }

func count(digits string, n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return digits + " " + noun + "s"
}

// Number writes n with a comma between thousands, as a reader expects a large count: "10,000".
func Number(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}
