package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeTemp writes name with content into a fresh directory and returns its path.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestValidateOK(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/records/*.bgn")
	code, out, errOut := runBao(t, "", append([]string{"validate"}, files...)...)
	if code != 0 || !strings.HasPrefix(out, "ok: ") || !strings.HasSuffix(out, fmt.Sprintf(" games in %d files\n", len(files))) || errOut != "" {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
}

func TestValidateProblems(t *testing.T) {
	path := writeTemp(t, "bad.bgn", "[Variant \"Bao Kingulu\"]\n\n1. A3 a2 *\n\n[Event \"x\"]\n1. A3 *\n")
	code, out, errOut := runBao(t, "", "validate", "--board", path)
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	for _, want := range []string{
		path + ":3:7: game 1, ply 2: illegal move a2: pit a2 is empty (legal: a1 a3 a4 a6)\n\tposition: 1,0,6,6,0,1/6,6,2,7,0,6 N 7-0 -\n",
		path + ":5:1: game 2: no Variant tag",
		"\n2 errors in 2 games (2 games in 1 file)\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}

func TestValidateJSON(t *testing.T) {
	path := writeTemp(t, "bad.bgn", "[Variant \"kingulu\"] A3 a2 *\n")
	code, out, errOut := runBao(t, "", "validate", "--json", path, filepath.Join(t.TempDir(), "missing.bgn"))
	if code != 1 || errOut != "" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		Files, Games int
		Errors       []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Files != 2 || doc.Games != 1 || len(doc.Errors) != 2 {
		t.Fatalf("%s", out)
	}
	want := `{"file":"` + path + `","line":1,"col":24,"game":1,"ply":2,"move":"a2","message":"illegal move a2: pit a2 is empty (legal: a1 a3 a4 a6)","legal":["a1","a3","a4","a6"]}`
	if !strings.Contains(out, want) {
		t.Errorf("the error is not spelled as spec 6 says:\n%s\nwant %s", out, want)
	}
}

func TestValidateUsage(t *testing.T) {
	if code, _, _ := runBao(t, "", "validate"); code != 2 {
		t.Errorf("no files: exit %d, want 2", code)
	}
}

// TestValidateEndless: bao validate /dev/zero spun forever.
func TestValidateEndless(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	var code int
	var errOut string
	go func() {
		defer close(done)
		code, _, errOut = runBao(t, "", "validate", "/dev/zero")
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("bao validate /dev/zero still runs after 20 s")
	}
	if code != 1 || !strings.Contains(errOut, "/dev/zero:1:") || !strings.Contains(errOut, "binary data, not BGN") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}
