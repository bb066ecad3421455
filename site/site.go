package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/yuin/goldmark"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/internal/lang"
)

// Options configure a Site.
type Options struct {
	// Title names the site in every page header; default the catalogue's ("Bao archive" in
	// English).
	Title string
	// Source names the archive in problem reports, usually the path it was read from: a
	// problem in club/games.bgn of an archive read from "games" is reported as
	// games/club/games.bgn:3:4. Pages name files relative to the archive.
	Source string
	// Index, if set, is the archive's search index: the "also reached in" links under the
	// diagrams of annotations come from it, and a Server answers live searches from it. A
	// build cannot tell when an index given this way changes: prefer IndexDir.
	Index *archive.Index
	// IndexDir, instead of Index, names the index directory: it is opened at its first use and
	// kept open, and let go whenever bao index updates it (what a long-running Server needs;
	// see archive.Shared); a build rewrites the pages whose diagrams asked it when it changed.
	// A missing directory means no index yet.
	IndexDir string
	// Langs are the languages the site is written in (lang.Codes): the first one's pages are
	// at the site's root, each other's in a folder named by its code (sw/), and with more
	// than one every page links to itself in the others. Default English alone for a build;
	// a Server offers every language, the first when a reader's browser asks for none of them.
	Langs []string
	// Progress, if set, is told as a build reads the record files it writes pages for: the
	// bytes read so far, of how many, and the file being read. It is called from one
	// goroutine.
	Progress func(done, total int64, file string)
	// LiveScript, if set, is the address of a script every page loads besides the site's
	// own: bao serve on an event folder gives the pages the live broadcast's script this way.
	// Static builds leave it empty, and their pages are unchanged.
	LiveScript string
}

// Site renders archives to HTML. Build it once with New and reuse it: it holds the one goldmark
// instance and the parsed templates, and is safe for concurrent use.
type Site struct {
	opts  Options
	md    goldmark.Markdown
	tmpl  map[string]*templateSet // by language code
	langs []*lang.Lang            // Options.Langs
	ix    indexRef
}

// indexRef gives builds and live searches the archive's index: the one the caller opened
// (Options.Index), or the one in Options.IndexDir, kept open between uses and let go while bao
// index updates it (archive.Shared): a served site opens it once, not for every page and
// search.
type indexRef struct {
	ix     *archive.Index
	shared *archive.Shared
}

// use calls f with the index, nil if there is none yet, and returns f's error; f's context
// ends early when bao index starts writing the index. An index that cannot be opened (bao
// index is writing it, say) is returned as open, and f is not called.
func (r *indexRef) use(ctx context.Context, f func(ctx context.Context, ix *archive.Index) error) (open, err error) {
	if r.shared == nil {
		return nil, f(ctx, r.ix)
	}
	return r.shared.Use(ctx, f)
}

// New returns a Site with its Markdown converter and templates ready.
func New(opts Options) (*Site, error) {
	ts, err := parsedTemplates()
	if err != nil {
		return nil, fmt.Errorf("site templates: %w", err)
	}
	s := &Site{opts: opts, tmpl: ts}
	for _, code := range opts.Langs {
		l, err := lang.Get(code)
		if err != nil {
			return nil, err
		}
		if slices.Contains(s.langs, l) {
			return nil, fmt.Errorf("language %s given twice", code)
		}
		s.langs = append(s.langs, l)
	}
	if len(s.langs) == 0 {
		s.langs = []*lang.Lang{lang.Must("")}
	}
	s.ix = indexRef{ix: opts.Index}
	if opts.IndexDir != "" {
		s.ix.shared = archive.NewShared(opts.IndexDir)
	}
	s.md = newMarkdown(s)
	return s, nil
}

// Report says what a build produced. Warnings are problems in the archive (a record that does
// not replay, a diagram that cannot be drawn) that the pages show in place.
type Report struct {
	Pages int // pages written by this build
	Games int
	// Unchanged counts the record files whose pages the last build into the same folder wrote
	// and this one kept.
	Unchanged int
	Warnings  []string
}

// langPrefix is the folder of language l's pages in the site: "" for the first language,
// "sw/" for another.
func (s *Site) langPrefix(l *lang.Lang) string {
	return langDir(l.Code(), l == s.langs[0])
}

// output receives the built files, by slash-separated path relative to the site root, and
// keeps them for the next build.
type output interface {
	write(name string, data []byte) error
	read(name string) ([]byte, error)
	remove(name string) error
}

// dirOutput writes the site under a directory. The manifest of each build says what it wrote,
// so that the next one removes only the pages it no longer makes: files it never wrote are
// never touched.
type dirOutput struct{ dir string }

func (d dirOutput) write(name string, data []byte) error {
	p := filepath.Join(d.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

func (d dirOutput) read(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(d.dir, filepath.FromSlash(name)))
}

// remove removes a file the site wrote, and the folders it leaves empty.
func (d dirOutput) remove(name string) error {
	err := os.Remove(filepath.Join(d.dir, filepath.FromSlash(name)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	for dir := path.Dir(name); err == nil && dir != "."; dir = path.Dir(dir) {
		if os.Remove(filepath.Join(d.dir, filepath.FromSlash(dir))) != nil {
			break // not empty: it holds other pages or the user's files
		}
	}
	return err
}

// memOutput keeps the site in memory (bao serve).
type memOutput struct {
	mu    sync.Mutex
	files map[string][]byte
}

func (m *memOutput) write(name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[name] = data
	return nil
}

func (m *memOutput) read(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.files[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return data, nil
}

func (m *memOutput) remove(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.files, name)
	return nil
}

// parallel runs job(i) for i in [0, n) on as many goroutines as there are CPUs and returns the
// first error; it stops early when ctx is cancelled.
func parallel(ctx context.Context, n int, job func(i int) error) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		next  int
		first error
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if first != nil || next >= n {
			return 0, false
		}
		if err := ctx.Err(); err != nil {
			first = err
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range workers {
		wg.Go(func() {
			for i, ok := take(); ok; i, ok = take() {
				if err := job(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return first
}
