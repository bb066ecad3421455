// Package webengine holds bao's engine compiled to WebAssembly (cmd/baowasm) and the Web
// Worker that runs it, as the site serves them. The engine's name carries a hash of its
// contents, so that a browser may keep it for good; the worker, small, keeps one name (the
// pages name it, and they must not change with every build of the engine) and holds the
// engine's.
//
// engine.wasm.gz is generated: `make wasm` builds cmd/baowasm with -trimpath and gzips it.
// It is committed, so that `go build`, `go test` and `go install` need nothing but Go from a
// clean checkout (a build of the site must not need a Go toolchain at hand, and go install
// runs no generators); TestWasmUpToDate rebuilds it and fails when it is stale. wasm_exec.js
// is Go's glue for GOOS=js, copied from the same Go release by `make wasm`.
package webengine

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"sync"
)

//go:embed engine.wasm.gz wasm_exec.js worker.js
var files embed.FS

// Assets are the files of the engine under their site names (below static/).
type Assets struct {
	Wasm, Worker string // the site names of the engine and of its worker script
	// Files maps each site name to its contents; WasmGzip is the engine gzipped, for a
	// server to send to browsers that accept gzip.
	Files    map[string][]byte
	WasmGzip []byte
}

// Load reads the embedded files once per process.
var Load = sync.OnceValues(func() (*Assets, error) {
	gz, err := files.ReadFile("engine.wasm.gz")
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	glue, err := files.ReadFile("wasm_exec.js")
	if err != nil {
		return nil, err
	}
	worker, err := files.ReadFile("worker.js")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(wasm)
	leaf := "engine." + hex.EncodeToString(sum[:6]) + ".wasm"
	// The worker finds the engine beside itself (worker.js reads self.baoWasm).
	script := append(append(glue, "\nself.baoWasm = \""+leaf+"\";\n"...), worker...)
	a := &Assets{Wasm: "static/" + leaf, Worker: "static/engine-worker.js", WasmGzip: gz}
	a.Files = map[string][]byte{a.Wasm: wasm, a.Worker: script}
	return a, nil
})
