package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestUnchangedIndexRewritesNoPage: bao index with nothing changed writes nothing, so the
// next bao site build rewrites no page (it rewrote every page whose diagrams ask the index).
func TestUnchangedIndexRewritesNoPage(t *testing.T) {
	arch := filepath.Join(t.TempDir(), "archive")
	if err := os.CopyFS(arch, os.DirFS(filepath.Join("..", "..", "testdata", "archive"))); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	for _, args := range [][]string{{"index", arch}, {"site", "build", arch, "--out", out}} {
		if code, _, errOut := runBao(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	// The site's files are made old, so that a rewrite shows; the index's keep their times,
	// which its stamp reads.
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	ixDir := filepath.Join(arch, ".bao")
	times := func(dir string) map[string]time.Time {
		m := map[string]time.Time{}
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Base(p) != ".bao-site.json" && filepath.Base(p) != "index.lock" {
				info, err := d.Info()
				if err == nil {
					m[p] = info.ModTime()
				}
			}
			return err
		})
		return m
	}
	for p := range times(out) {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	before := times(ixDir)
	code, stdout, errOut := runBao(t, "", "index", arch)
	if code != 0 {
		t.Fatalf("index again: exit %d: %s", code, errOut)
	}
	for p, tm := range times(ixDir) {
		if !tm.Equal(before[p]) {
			t.Errorf("bao index with nothing changed wrote %s (%s)", p, strings.TrimSpace(stdout))
		}
	}
	if code, _, errOut := runBao(t, "", "site", "build", arch, "--out", out); code != 0 {
		t.Fatalf("site build again: exit %d: %s", code, errOut)
	}
	for p, tm := range times(out) {
		if tm.After(old) {
			t.Errorf("site build after an unchanged index rewrote %s", p)
		}
	}
}

// TestSiteBuildLangFromSettings: without --lang, bao site build writes the languages of the
// archive's bao.toml; --lang overrides them; a bad one is refused naming its line.
func TestSiteBuildLangFromSettings(t *testing.T) {
	arch := t.TempDir()
	game := "[Event \"Club\"]\n[Variant \"Bao la Kiswahili\"]\n[Result \"*\"]\n\n*\n"
	if err := os.WriteFile(filepath.Join(arch, "games.bgn"), []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	htmlLang := func(out string) string {
		data, err := os.ReadFile(filepath.Join(out, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(string(data), `<html lang="`)
		code, _, _ := strings.Cut(rest, `"`)
		return code
	}
	cases := []struct {
		settings string
		args     []string
		want     string
		sw       bool // a Kiswahili site in out/sw as well
	}{
		{"", nil, "en", false},
		{"lang = \"sw\"\n", nil, "sw", false},
		{"# the club's site\nlang = \"sw,en\"\n", nil, "sw", false},
		{"lang = \"all\"\n", nil, "en", true},
		{"lang = \"sw\"\n", []string{"--lang", "en"}, "en", false},
	}
	for _, c := range cases {
		os.Remove(filepath.Join(arch, "bao.toml"))
		if c.settings != "" {
			if err := os.WriteFile(filepath.Join(arch, "bao.toml"), []byte(c.settings), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		out := t.TempDir()
		code, _, stderr := runBao(t, "", append([]string{"site", "build", arch, "--out", out}, c.args...)...)
		if code != 0 {
			t.Fatalf("%q %v: exit %d: %s", c.settings, c.args, code, stderr)
		}
		if got := htmlLang(out); got != c.want {
			t.Errorf("%q %v: <html lang=%q>, want %q", c.settings, c.args, got, c.want)
		}
		if _, err := os.Stat(filepath.Join(out, "sw", "index.html")); (err == nil) != c.sw {
			t.Errorf("%q %v: out/sw/index.html there: %v, want %v", c.settings, c.args, err == nil, c.sw)
		}
	}
	if err := os.WriteFile(filepath.Join(arch, "bao.toml"), []byte("\nlang = \"fr\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runBao(t, "", "site", "build", arch, "--out", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "bao.toml:2:1:") {
		t.Errorf("lang = \"fr\": exit %d, stderr %q; want 1 and bao.toml:2:1:", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(arch, "bao.toml"), []byte("langs = \"sw\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runBao(t, "", "site", "build", arch, "--out", t.TempDir()); code != 1 || !strings.Contains(stderr, "unknown key langs") {
		t.Errorf("langs = \"sw\": exit %d, stderr %q; want 1 and the unknown key", code, stderr)
	}
}
