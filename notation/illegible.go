package notation

import (
	"strconv"
	"strings"
)

// Illegible moves. A scribe's move that cannot be read is written with '?' for what is
// missing (see docs/formats-repair.md): "?" is one whole unknown move, "A?<" a move whose pit
// number is unknown, "?6>" one whose row is unknown, and a '?' at the end ("a3?") leaves
// everything after the known part open. The verifier fills such a move with every legal move
// that fits it and keeps the rest of the game legal.

// Illegible reports whether a move token is an illegible one: it holds a '?'.
func Illegible(token string) bool { return strings.IndexByte(token, '?') >= 0 }

// shape is a move token taken apart the way a scribe writes it: a row letter, a pit number, a
// direction and the suffixes. Tokens of every variant have this shape (a Kingulu or Kimasai
// token has no direction); nothing here knows which moves a variant allows.
type shape struct {
	row  byte   // the row letter; 0 if unknown
	num  int    // the pit number; 0 if unknown
	dir  byte   // '<' or '>'; 0 if not written or unknown
	rest string // the suffixes
	// open: the token ended in '?', so anything may follow what is known.
	open bool
}

// readShape takes a written token apart; ok is false for a token that has no such shape.
// '?' is read as "unknown" where a row letter or number stands, and as an open end last.
func readShape(s string) (sh shape, ok bool) {
	if s == "?" {
		return shape{open: true}, true
	}
	var i int
	if sh.row, sh.num, i, ok = readPit(s); !ok {
		return sh, false
	}
	if i < len(s) && (s[i] == '<' || s[i] == '>') {
		sh.dir, i = s[i], i+1
	}
	sh.rest = s[i:]
	if strings.HasSuffix(sh.rest, "?") {
		sh.rest, sh.open = sh.rest[:len(sh.rest)-1], true
	}
	return sh, strings.IndexByte(sh.rest, '?') < 0
}

// readPit reads the pit at the start of a token: a row letter or '?', then a number or '?'
// ("A5", "?5", "A?<"); a '?' not followed by a number stands for the whole pit ("?<"). n is
// how many bytes it took; a '?' that ends the token is left as its open end ("A?").
func readPit(s string) (row byte, num, n int, ok bool) {
	switch {
	case s == "":
		return 0, 0, 0, false
	case s[0] == '?' && (len(s) == 1 || !isDigit(s[1])):
		return 0, 0, 1, true
	case isLetter(s[0]):
		row = s[0]
	case s[0] != '?':
		return 0, 0, 0, false
	}
	j := 1
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	switch {
	case j > 1:
		num, err := strconv.Atoi(s[1:j])
		return row, num, j, err == nil && num > 0
	case j+1 < len(s) && s[j] == '?': // "A?<": the number is unknown
		return row, 0, j + 1, true
	}
	return row, 0, 1, true // "A", "A?": a row letter alone, an incomplete token
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// fits reports whether the canonical token t is a completion of the illegible token pat.
func fits(pat shape, t string) bool {
	c, ok := readShape(t)
	switch {
	case !ok:
		return false
	case pat.row != 0 && pat.row != c.row, pat.num != 0 && pat.num != c.num:
		return false
	case pat.open && pat.dir == 0 && pat.rest == "":
		return true
	case pat.dir != 0 && pat.dir != c.dir:
		return false
	case pat.open:
		return strings.HasPrefix(c.rest, pat.rest)
	}
	return suffixesFit(pat.rest, c.rest)
}

// suffixesFit: the written suffixes agree with the canonical ones. A choice (+) must be written
// as it was made; the informative suffixes (* ** # x =) may be left out.
func suffixesFit(written, canon string) bool {
	if strings.Contains(written, "+") != strings.Contains(canon, "+") {
		return false
	}
	written = strings.ReplaceAll(written, "+", "")
	canon = strings.ReplaceAll(canon, "+", "")
	for _, f := range []string{"**", "#", "x", "="} {
		if strings.Contains(written, f) && !strings.Contains(canon, f) {
			return false
		}
		written = strings.ReplaceAll(written, f, "")
	}
	return written == "" || written == "*" && strings.Contains(canon, "*")
}

// confusable are the digit pairs scribes and readers of handwriting mix up.
var confusable = map[[2]int]bool{{1, 7}: true, {3, 8}: true, {5, 6}: true, {2, 7}: true, {4, 9}: true}

// distance scores how far the canonical token now is from the written token was, as a
// scribe's slip: 0 for only a suffix fixed, small for one slip (a direction the wrong way, a
// neighbouring pit, the other row of the same side, a digit misread), larger for two, and
// unrelatedMove for a token that shares nothing with it. docs/repair.md explains the scale.
func distance(was, now string) int {
	w, ok1 := readShape(was)
	n, ok2 := readShape(now)
	if !ok1 || !ok2 || w.open {
		return unrelatedMove
	}
	d := 0
	switch {
	case w.row == n.row:
	case w.row|0x20 == n.row|0x20: // the same row letter of the other side
		d += 3
	case isUpper(w.row) == isUpper(n.row): // the other row of the same side
		d += 2
	default:
		d += 4
	}
	switch a, b := min(w.num, n.num), max(w.num, n.num); {
	case a == b:
	case b-a == 1, confusable[[2]int{a, b}]:
		d += 2
	default:
		d += 4
	}
	if w.dir != 0 && w.dir != n.dir {
		d += 2
	}
	if !suffixesFit(w.rest, n.rest) {
		d++
	}
	return min(d, unrelatedMove)
}

// unrelatedMove is the distance of a replacement that looks nothing like what was written.
const unrelatedMove = 7

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
