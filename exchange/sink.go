package exchange

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bao-archive/bao/notation"
)

// Sink writes imported games into BGN files without storing a game twice: it knows the
// fingerprint of every game already in its folder (or file), adds only games it has not
// seen, and keeps what the files held.
type Sink struct {
	seen notation.Duplicates
	// written are the files Add wrote: a file is written anew once, and added to after.
	written map[string]bool
}

// Duplicate is a game that was not added because it is stored already, at Where.
type Duplicate struct {
	Game  *notation.Record
	Where notation.GameRef
}

// NewSink reads the games of the .bgn files at root: a folder (walked, hidden folders
// skipped) or one file; a root that does not exist yet holds none. A file it cannot read is
// passed over, and named in the error, which then comes with a sink all the same: games
// can still go to the other files (Add refuses that one).
func NewSink(root string) (*Sink, error) {
	s := &Sink{}
	var unread []error
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && path == root {
				return nil
			}
			return err
		}
		if d.IsDir() && path != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() || !strings.EqualFold(filepath.Ext(path), ".bgn") {
			return nil
		}
		recs, err := readRecords(path)
		if err != nil {
			unread = append(unread, err)
			return nil
		}
		for _, r := range recs {
			s.seen.Add(r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, errors.Join(unread...)
}

func readRecords(path string) ([]*notation.Record, error) {
	recs, err := notation.ReadFile(path)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) { // not opened: nothing to say about its games
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("%s holds games bao cannot read, so nothing is added to it: %w", path, err)
	}
	return recs, nil
}

// Add writes recs into the file at path after the games it holds, leaving out those stored
// already anywhere the sink knows (and repeats within recs). With replace the file is written
// anew, without the games it held before this sink wrote to it: the first Add of a path
// replaces them, the Adds after add to what that one wrote. The file is written safely (notation.WriteFile), and not at all when
// nothing is new.
func (s *Sink) Add(path string, recs []*notation.Record, replace bool) (added int, dups []Duplicate, err error) {
	var keep []*notation.Record
	if replace && !s.written[path] {
		s.seen.Forget(path) // its old games are not stored any more
	} else if _, err := os.Stat(path); err == nil {
		if keep, err = readRecords(path); err != nil {
			return 0, nil, err
		}
	}
	out := keep
	for _, r := range recs {
		if where, dup := s.seen.Add(r); dup {
			dups = append(dups, Duplicate{r, where})
			continue
		}
		out = append(out, r)
		added++
	}
	if added == 0 {
		return 0, dups, nil
	}
	var b bytes.Buffer
	if err := notation.Write(&b, out...); err != nil {
		return 0, dups, err
	}
	if err := notation.WriteFile(path, b.Bytes()); err != nil {
		return 0, dups, err
	}
	if s.written == nil {
		s.written = map[string]bool{}
	}
	s.written[path] = true
	return added, dups, nil
}

// FileFor is where an imported game goes in a folder: the file of its event when the source
// names one (so that an event's games stay together), else the file named after its input.
func FileFor(dir, input string, r *notation.Record) string {
	name := strings.TrimSuffix(filepath.Base(input), filepath.Ext(input))
	if input == "-" {
		name = "stdin"
	}
	if ev := r.Tag("Event"); ev != "" && ev != "?" {
		name = ev
	}
	return filepath.Join(dir, notation.Slug(name)+".bgn")
}
