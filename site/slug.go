package site

import (
	"path"
	"strings"
	"unicode"
)

// Output names. Every file the site writes is named from an archive's file names or tag
// values, which may hold anything a file system allows: '#', '?' and '%' (which break links),
// ':' (which turns "javascript:…" into a scheme), line separators (which end JavaScript
// strings). The names below keep letters, digits and the marks '-', '_' and '.' only, so
// that every link the site makes is a plain relative path.

// slugify makes a file name of a value: lower-case ASCII letters and digits joined by dashes.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}

// slugPath makes a safe site-relative path of an archive-relative one (slash-separated,
// without its extension): each segment keeps its letters (in any script), digits, '-', '_'
// and inner '.'; any other run of characters becomes one '-'. "club/50% draw" becomes
// "club/50-draw". Two sources that slug alike are caught when pages are assigned.
func slugPath(p string) string {
	segs := strings.Split(path.Clean(p), "/")
	for i, s := range segs {
		segs[i] = slugSegment(s)
	}
	return strings.Join(segs, "/")
}

func slugSegment(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		ok := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' ||
			r == '.' && b.Len() > 0
		if !ok {
			dash = true
			continue
		}
		if dash && b.Len() > 0 {
			b.WriteByte('-')
		}
		dash = false
		b.WriteRune(r)
	}
	out := strings.TrimRight(b.String(), ".-")
	if out == "" {
		return "x"
	}
	return out
}
