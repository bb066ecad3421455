package site

import (
	"path"
	"strings"
	"unicode"
)

// Output names. Every file the site writes is named from an archive's file names or tag
// values, which may hold anything a file system allows: '#', '?' and '%' (which break links),
// ':' (which turns "javascript:…" into a scheme), line separators (which end JavaScript
// strings). Values (players, events) are named by notation.Slug; the pages of files keep
// their folders, letters of any script and case, digits and the marks '-', '_' and '.', so
// that page names follow file names and every link the site makes is a plain relative path.

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
