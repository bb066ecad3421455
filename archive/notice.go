package archive

import "strings"

// maxNotice bounds a notice's length.
const maxNotice = 200

// oneLine keeps the first line of a message, at most maxNotice bytes: bleve puts whole mapping
// documents into some of its errors, and a notice is one line.
func oneLine(s string) string {
	s, _, cut := strings.Cut(s, "\n")
	if len(s) > maxNotice {
		s, cut = strings.ToValidUTF8(s[:maxNotice], ""), true
	}
	if cut {
		s += " …"
	}
	return s
}
