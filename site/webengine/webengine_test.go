package webengine

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestWasmUpToDate rebuilds the engine as `make wasm` does and fails when the committed
// engine.wasm.gz or wasm_exec.js differ from what the sources give: run `make wasm`.
func TestWasmUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("rebuilds the engine for WebAssembly: not with -short")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to rebuild the engine with")
	}
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(a.Files[a.Wasm], []byte(runtime.Version())) {
		t.Skipf("engine.wasm.gz was built by another Go release than this test's %s", runtime.Version())
	}
	out := filepath.Join(t.TempDir(), "bao.wasm")
	flags, err := os.ReadFile("wasm.flags")
	if err != nil {
		t.Fatal(err)
	}
	args := append(append([]string{"build"}, strings.Split(strings.TrimSpace(string(flags)), "\n")...), "-o", out, "../../cmd/baowasm")
	cmd := exec.Command(gobin, args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
	built, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(built, a.Files[a.Wasm]) {
		t.Errorf("engine.wasm.gz is stale (%d bytes committed, %d built): the engine, notation or analysis changed; run make wasm (also to settle a merge conflict on it)", len(a.Files[a.Wasm]), len(built))
	}
	goroot, err := exec.Command(gobin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	glue, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Skipf("this Go release has no lib/wasm/wasm_exec.js: %v", err)
	}
	if !bytes.HasPrefix(a.Files[a.Worker], glue) {
		t.Error("wasm_exec.js is not the Go release's: run make wasm")
	}
}

func TestAssetNames(t *testing.T) {
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range a.Files {
		if len(data) == 0 || !strings.HasPrefix(name, "static/") {
			t.Errorf("%s: %d bytes", name, len(data))
		}
	}
	if !strings.HasSuffix(a.Wasm, ".wasm") || !strings.HasSuffix(a.Worker, ".js") || a.Files[a.Wasm] == nil || a.Files[a.Worker] == nil {
		t.Errorf("names %q %q", a.Wasm, a.Worker)
	}
}
