// Package english writes the small pieces of English that bao's messages share.
package english

import "strconv"

// Count writes n with its noun, plural unless n is 1: "1 game", "3 games", "0 files". Nouns
// whose plural is not noun+"s" have no place in bao's messages.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
