package exchange

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/notation"
)

// Sink writes imported games into BGN files without storing a game twice: it knows the
// fingerprint of every game already in its folder (or file), adds only games it has not
// seen, and keeps what the files held. Games are written as they come, each file once a run
// through a temporary file that Commit puts in place: a sink holds no game, whatever the
// number, and a run cut short leaves the files as they were.
type Sink struct {
	seen notation.Duplicates
	// open are the files being written, in the order they were opened: a file is written
	// anew once (replace), and added to after.
	open  map[string]*sinkFile
	order []string
	// forgotten are the files whose old games no longer count (replace); written those
	// started anew, which replace adds to after.
	forgotten, written map[string]bool
	// unread are the files NewSink could not read, by clean path: they take no game.
	unread map[string]error
	// failed are the files whose replacement failed (a full disk): aborted, they keep their
	// old contents and take no more games this run.
	failed map[string]error
	// live counts the open files whose handle is open; tick orders their writes.
	live, tick int
}

// maxLive bounds the handles a sink keeps open (a file per event may be thousands of files,
// more than a process may open): the file written longest ago is paused for another.
const maxLive = 64

// Duplicate is a game that was not added because it is stored already, at Where: its number
// in its input, not the record, so that an input of many stored games is not held in memory.
type Duplicate struct {
	Game  int
	Where notation.GameRef
}

// sinkFile is one file's replacement being written.
type sinkFile struct {
	f *notation.File
	// live tells whether its handle is open; used is the tick of its last write.
	live bool
	used int
	// added are the new records written.
	added int
	enc   recordEncoder // the file's BGN stream, from its first game
}

// NewSink reads the games of the record files at root: a folder (its record files as
// package archive/tree names them) or one file, read whatever its name (--out notes.txt: its
// games are stored); a root that does not exist yet holds none. A file it cannot read is
// passed over, and named in the error, which then comes with a sink all the same: games can
// still go to the other files (Add refuses that one). The temporary files that killed runs
// left (notation.IsLeftover) are removed on the way.
func NewSink(root string) (*Sink, error) {
	s := &Sink{}
	var unread []error
	learn := func(path string) {
		if err := s.learn(path); err != nil {
			unread = append(unread, err)
			if s.unread == nil {
				s.unread = map[string]error{}
			}
			s.unread[filepath.Clean(path)] = err
		}
	}
	var err error
	switch st, serr := os.Stat(root); {
	case os.IsNotExist(serr):
	case serr != nil:
		err = serr
	case !st.IsDir():
		notation.RemoveTemp(root) // best effort, as below: a leftover costs only space
		if st.Mode().IsRegular() {
			learn(root)
		}
	default:
		removeLeftovers(root)
		var fsys fs.FS
		if fsys, err = tree.OpenRoot(root); err == nil {
			err = tree.Walk(fsys, func(e tree.Entry) error {
				switch {
				case e.Dir && e.Err != nil:
					return e.Err // a folder that cannot be read: its games would be stored twice
				case e.Dir:
					removeLeftovers(filepath.Join(root, filepath.FromSlash(e.Name)))
				case e.Record():
					learn(filepath.Join(root, filepath.FromSlash(e.Name)))
				}
				return nil
			})
		}
	}
	if err != nil {
		return nil, err
	}
	return s, errors.Join(unread...)
}

// removeLeftovers removes the temporary files in dir that killed writers left (best effort: a
// leftover costs only space).
func removeLeftovers(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, d := range entries {
		if d.Type().IsRegular() && notation.IsLeftover(d.Name(), tree.IsRecord) {
			os.Remove(filepath.Join(dir, d.Name()))
		}
	}
}

// learn adds the games of the file at path to those the sink has seen, one at a time; a
// file with games bao cannot read adds none.
func (s *Sink) learn(path string) error {
	in, err := os.Open(path)
	if err != nil {
		return err // not opened: nothing to say about its games
	}
	defer in.Close()
	err = scanGames(in, path, func(r *notation.Record) error {
		s.seen.Add(r)
		return nil
	})
	if err != nil {
		s.seen.Forget(path)
	}
	return err
}

// scanGames passes each game of a BGN file to f; the error names a file with games bao
// cannot read, after f has had those it could.
func scanGames(in io.Reader, path string, f func(*notation.Record) error) error {
	sc := notation.NewScanner(in, path)
	var errs notation.ErrorList
	for sc.Scan() {
		errs = append(errs, sc.Errors()...)
		if err := f(sc.Record()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		errs.Add(err.(*notation.Error))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s holds games bao cannot read, so nothing is added to it: %w", path, errs)
	}
	return nil
}

// Add writes recs into the file at path after the games it holds, as Store does one at a
// time, and puts the file in place (Commit) at once: the duplicates are those left out.
func (s *Sink) Add(path string, recs []*notation.Record, replace bool) (added int, dups []Duplicate, err error) {
	for _, r := range recs {
		where, dup, err := s.Store(path, r, replace)
		if err != nil {
			if sf := s.open[path]; sf != nil {
				sf.f.Abort()
				s.close(path)
			}
			return 0, nil, err
		}
		if dup {
			dups = append(dups, Duplicate{r.Number, where})
			continue
		}
		added++
	}
	if sf := s.open[path]; sf != nil {
		err = sf.commit()
		s.close(path)
	}
	if err != nil {
		return 0, dups, err
	}
	return added, dups, nil
}

// Store writes r into the file at path after the games it holds, unless the game is stored
// already anywhere the sink knows (or was stored before): then it tells where. With replace
// the file is written anew, without the games it held before this sink wrote to it. A file
// that holds games bao cannot read takes none (the error says so, at each Store). Nothing
// changes at path until Commit.
func (s *Sink) Store(path string, r *notation.Record, replace bool) (where notation.GameRef, dup bool, err error) {
	sf := s.open[path]
	fresh := replace && !s.written[path]
	if err := s.unread[filepath.Clean(path)]; err != nil && sf == nil && !fresh {
		return notation.GameRef{}, false, err // whether or not the game is new
	}
	if err := s.failed[path]; err != nil {
		return notation.GameRef{}, false, err
	}
	if sf == nil && fresh && !s.forgotten[path] {
		s.seen.Forget(path) // its old games are not stored any more
		if s.forgotten == nil {
			s.forgotten = map[string]bool{}
		}
		s.forgotten[path] = true
	}
	if where, dup := s.seen.Add(r); dup {
		return where, true, nil
	}
	if sf == nil {
		// The file's games are copied at its first new game: a file that gets none is
		// neither read again nor rewritten.
		if sf, err = s.start(path, !fresh); err != nil {
			return notation.GameRef{}, false, s.fail(path, err)
		}
		if fresh {
			if s.written == nil {
				s.written = map[string]bool{}
			}
			s.written[path] = true
		}
	}
	if err := s.use(sf); err != nil {
		return notation.GameRef{}, false, s.fail(path, err)
	}
	if err := sf.write(r); err != nil {
		return notation.GameRef{}, false, s.fail(path, err)
	}
	sf.added++
	return notation.GameRef{}, false, nil
}

// fail aborts the replacement of the file at path after err: the file keeps what it held,
// and takes no more games this run. The error says so.
func (s *Sink) fail(path string, err error) error {
	if sf := s.open[path]; sf != nil {
		err = sf.f.Fail(err)
		s.close(path)
	} else if !errors.Is(err, notation.ErrNotWritten) {
		err = fmt.Errorf("%s: %w: %w", path, notation.ErrNotWritten, err)
	}
	if s.failed == nil {
		s.failed = map[string]error{}
	}
	s.failed[path] = err
	return err
}

// start opens the replacement of the file at path, with the games it holds when keep.
func (s *Sink) start(path string, keep bool) (*sinkFile, error) {
	sf := &sinkFile{}
	if err := s.use(sf); err != nil {
		return nil, err
	}
	f, err := notation.CreateFile(path)
	if err != nil {
		s.live--
		return nil, err
	}
	sf.f = f
	if keep {
		if err := sf.copy(path); err != nil {
			s.live--
			return nil, f.Fail(err) // the file keeps what it held

		}
	}
	if s.open == nil {
		s.open = map[string]*sinkFile{}
	}
	s.open[path] = sf
	s.order = append(s.order, path)
	return sf, nil
}

// use makes room for sf's handle to be open, pausing the file written longest ago.
func (s *Sink) use(sf *sinkFile) error {
	s.tick++
	sf.used = s.tick
	if sf.live {
		return nil
	}
	if s.live >= maxLive {
		var oldest *sinkFile
		for _, o := range s.open {
			if o.live && (oldest == nil || o.used < oldest.used) {
				oldest = o
			}
		}
		oldest.live = false
		s.live--
		if err := oldest.f.Pause(); err != nil {
			return err
		}
	}
	sf.live = true
	s.live++
	return nil
}

// copy writes the games of the file at path, one at a time in the canonical form; a file
// that is not there holds none.
func (sf *sinkFile) copy(path string) error {
	in, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer in.Close()
	return scanGames(in, path, sf.write)
}

// write adds r in the canonical form, a blank line after the game before it.
func (sf *sinkFile) write(r *notation.Record) error {
	if sf.enc == nil {
		sf.enc = writeBGN(sf.f)
	}
	return sf.enc.Encode(r)
}

// Commit puts in place every file the sink stored games in; the others are left untouched.
// A file that cannot be put in place is named in the error, and the others are still
// committed.
func (s *Sink) Commit() error {
	var errs []error
	for _, path := range s.order {
		if err := s.open[path].commit(); err != nil {
			errs = append(errs, err)
		}
	}
	s.open, s.order, s.live = nil, nil, 0
	return errors.Join(errs...)
}

// Abort leaves every file as it was.
func (s *Sink) Abort() {
	for _, path := range s.order {
		s.open[path].f.Abort()
	}
	s.open, s.order, s.live = nil, nil, 0
}

// commit puts the file in place if a game was added to it.
func (sf *sinkFile) commit() error {
	if sf.added == 0 {
		sf.f.Abort()
		return nil
	}
	return sf.f.Commit()
}

// close forgets the open file at path.
func (s *Sink) close(path string) {
	if s.open[path].live {
		s.live--
	}
	delete(s.open, path)
	s.order = slices.DeleteFunc(s.order, func(p string) bool { return p == path })
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
	slug := notation.Slug(name)
	if slug == "x" && strings.TrimSpace(name) != "x" {
		// a name without an ASCII letter or digit (an event written in Arabic script): every
		// such event went to x.bgn; a hash of the name keeps them apart
		h := fnv.New32a()
		h.Write([]byte(name))
		slug = fmt.Sprintf("x-%08x", h.Sum32())
	}
	return filepath.Join(dir, slug+".bgn")
}
