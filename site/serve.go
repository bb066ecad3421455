package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bao-archive/bao/archive"
)

// Server serves the site of an archive folder, built in memory, and rebuilds it when the
// folder's pages or records change. It serves the built files and nothing else: a request
// names a key of the in-memory site, never a path on disk.
type Server struct {
	site *Site
	root string
	src  fs.FS
	cur  atomic.Pointer[snapshot]
	// failed is 1 + the stamp of the archive whose build failed, so that polling does not
	// rebuild and report it again until a file changes; 0 for none
	failed atomic.Uint64
	// Logf, if set, is told about rebuilds and their warnings.
	Logf func(format string, args ...any)
	// AllowHosts are the host names, besides the listening address and localhost, that
	// requests may name in their Host header (see Guard).
	AllowHosts []string
}

// snapshot is one build of the site.
type snapshot struct {
	files map[string][]byte
	stamp uint64
	built time.Time
	b     *build // its games, for the pages of live search hits
}

// NewServer builds the site of the archive folder root for serving.
func (s *Site) NewServer(ctx context.Context, root string) (*Server, error) {
	src, err := archive.OpenRoot(root) // links leaving the archive are not served
	if err != nil {
		return nil, err
	}
	sv := &Server{site: s, root: root, src: src}
	if _, err := sv.Refresh(ctx); err != nil {
		return nil, err
	}
	return sv, nil
}

// Refresh rebuilds the site if the archive's files changed since the last build (or if there
// was none) and returns the build's report; nil, nil means nothing changed.
func (sv *Server) Refresh(ctx context.Context) (*Report, error) {
	stamp, err := archiveStamp(sv.src)
	if err != nil {
		return nil, err
	}
	if old := sv.cur.Load(); old != nil && old.stamp == stamp || sv.failed.Load() == stamp+1 {
		return nil, nil
	}
	out := &memOutput{files: map[string][]byte{}}
	b, err := sv.site.build(ctx, sv.src, out)
	if err != nil {
		sv.failed.Store(stamp + 1) // not again until the archive changes
		return nil, err
	}
	sv.cur.Store(&snapshot{files: out.files, stamp: stamp, built: time.Now(), b: b})
	return b.report(), nil
}

// archiveStamp sums the names, sizes and modification times of the files a build reads: it
// changes when any of them is added, removed or written.
func archiveStamp(src fs.FS) (uint64, error) {
	h := fnv.New64a()
	err := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if ext := path.Ext(name); d.IsDir() || ext != ".md" && ext != ".bgn" {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", name, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	return h.Sum64(), err
}

// securityHeaders keep the pages from running anything but the site's own scripts, even if an
// annotation slipped something past the Markdown renderer.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
}

// ServeHTTP serves one file of the current build.
func (sv *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for k, v := range securityHeaders {
		w.Header().Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	snap := sv.cur.Load()
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "search" || name == "explore" {
		sv.live(w, r, snap, name)
		return
	}
	data, ok := snap.files[name]
	if !ok {
		name = path.Join(name, "index.html")
		data, ok = snap.files[name]
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	http.ServeContent(w, r, name, snap.built, bytes.NewReader(data))
}

// Serve answers HTTP requests on ln and rebuilds the site every interval if the archive
// changed, until ctx is cancelled.
func (sv *Server) Serve(ctx context.Context, ln net.Listener, interval time.Duration) error {
	hs := sv.httpServer(ln)
	if exposed(ln.Addr()) {
		sv.logf("warning: %s is reachable from other machines, which can read every page and search the index; serve on 127.0.0.1 unless that is meant", ln.Addr())
	}
	go sv.poll(ctx, interval)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (sv *Server) poll(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		rep, err := sv.Refresh(ctx)
		switch {
		case err != nil:
			sv.logf("rebuild failed, still serving the last build: %v", err)
		case rep != nil:
			sv.logf("rebuilt: %d pages, %d games", rep.Pages, rep.Games)
			for _, w := range rep.Warnings {
				sv.logf("%s", w)
			}
		}
	}
}

func (sv *Server) logf(format string, args ...any) {
	if sv.Logf != nil {
		sv.Logf(format, args...)
	}
}
