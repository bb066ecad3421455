package live

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/webengine"
)

// engineFiles are the recording page's input and rules, served under /live/ by names that
// carry a hash of their contents, so that a phone keeps them for good and a new build is
// never mixed with an old one: the analysis board's script (its tap-to-move input) and the
// engine in WebAssembly with the Web Worker that runs it, the files the site's pages use.
type engineFiles struct {
	Analysis, Worker string            // the scripts' names below LivePrefix
	files            map[string][]byte // by name below LivePrefix
	wasm             string            // the engine's name
	wasmGzip         []byte
}

var loadEngine = sync.OnceValues(func() (*engineFiles, error) {
	eng, err := webengine.Load()
	if err != nil {
		return nil, err
	}
	analysis, err := site.StaticFile("analysis.js")
	if err != nil {
		return nil, err
	}
	// The worker finds the engine beside itself by the name it holds, already hashed.
	wasm := path.Base(eng.Wasm)
	e := &engineFiles{files: map[string][]byte{}, wasm: wasm, wasmGzip: eng.WasmGzip}
	e.files[wasm] = eng.Files[eng.Wasm]
	e.Analysis = hashed("analysis", ".js", analysis)
	e.files[e.Analysis] = analysis
	worker := eng.Files[eng.Worker]
	e.Worker = hashed("engine-worker", ".js", worker)
	e.files[e.Worker] = worker
	return e, nil
})

// hashed names data by its contents: analysis.1a2b3c4d5e6f.js.
func hashed(stem, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	return stem + "." + hex.EncodeToString(sum[:6]) + ext
}

// serveEngine answers /live/NAME for one of the engine's files; false if NAME is none of them.
func serveEngine(w http.ResponseWriter, r *http.Request, name string) bool {
	e, err := loadEngine()
	if err != nil {
		return false
	}
	data, ok := e.files[name]
	if !ok {
		return false
	}
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	// A worker runs under the policy its own script is sent with: the engine's may compile
	// WebAssembly.
	w.Header().Set("Content-Security-Policy", recordPolicy)
	if name == e.wasm {
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Add("Vary", "Accept-Encoding")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			data = e.wasmGzip
		}
	} else {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(data))
	return true
}
