package exchange

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/bao-archive/bao/notation"
)

// Fingerprint identifies a game by what was played, whatever its tags: the variant, the start
// position and the main line's moves (canonical tokens as far as they replay, then as
// written). Two records with one fingerprint are the same game stored twice.
func Fingerprint(r *notation.Record) string {
	h := sha256.New()
	start, err := r.Start()
	if err != nil {
		h.Write([]byte("?" + r.Tag("Variant") + "\n"))
	} else {
		h.Write([]byte(start.String() + "\n"))
	}
	played := 0
	notation.Walk(r, notation.WalkOptions{}, func(s *notation.Step) error {
		if s.Err != nil {
			return notation.ErrStop
		}
		h.Write([]byte(s.Token() + " "))
		played++
		return nil
	})
	var rest []string
	for _, n := range r.Moves[played:] {
		rest = append(rest, n.Token)
	}
	h.Write([]byte(strings.Join(rest, " ")))
	return hex.EncodeToString(h.Sum(nil)[:16])
}
