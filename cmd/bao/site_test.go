package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSiteBuildExample builds the bundled example archive: it must have no problems.
func TestSiteBuildExample(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runBao(t, "", "site", "build", filepath.Join("..", "..", "testdata", "archive"), "--out", out)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "wrote ") {
		t.Errorf("stdout: %q", stdout)
	}
	for _, page := range []string{"index.html", "primer/index.html", "primer/kiswahili.html", "primer/kete.html",
		"primer/kingulu.html", "primer/kimasai.html", "primer/kingulu-game/1.html"} {
		if _, err := os.Stat(filepath.Join(out, page)); err != nil {
			t.Errorf("page missing: %v", err)
		}
	}
}

func TestSiteExitCodes(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"site", "build", dir}, 2, "--out is required"},
		{[]string{"site", "build", filepath.Join(dir, "missing"), "--out", dir}, 1, "missing"},
		{[]string{"site", "buld"}, 2, `unknown command "buld" for "bao site"`},
		{[]string{"site", "build", dir, "--out", filepath.Join(dir, "o"), "--bogus"}, 2, "unknown flag"},
		{[]string{"serve", filepath.Join(dir, "missing")}, 1, "missing"},
		{[]string{"serve", dir, "--addr", "127.0.0.1:99999"}, 1, "invalid port"},
		{[]string{"serve", dir, "--poll", "0s"}, 2, "--poll must be positive"},
	}
	for _, c := range cases {
		code, _, stderr := runBao(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("bao %s: exit %d, stderr %q; want %d and %q", strings.Join(c.args, " "), code, stderr, c.code, c.msg)
		}
	}
}
