package main

import (
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/site"
	"github.com/bao-archive/bao/site/server"
)

// goodRecord is a short legal game; every hostile archive holds two, which every command must
// still process.
const goodRecord = "[Event \"Good Open\"]\n[South \"Goodman\"]\n[North \"Fairchild\"]\n[Result \"*\"]\n" +
	"[Variant \"Bao la Kiswahili\"]\n\n1. A7>* a7<* 2. A5< a6<* 3. A5< a3< *\n"

// hostileRow is one kind of hostile content, added to an archive of two good records.
type hostileRow struct {
	name string
	// add writes the hostile files into the archive dir; it returns the files bao validate
	// is given (links and FIFOs are not: naming one on the command line is asking to read it)
	add func(t *testing.T, dir string) []string
	// says is what the located message of index, site build or validate must contain; ""
	// for content that is not a problem (a BOM, CRLF, odd names)
	says string
	// validates is what bao validate says instead of says, for content that only it finds
	// wrong (a file without games)
	validates string
	good      int // games of the row's own that search must find besides the two good ones
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// one writes a single file and names it for validate.
func one(name, data string) func(t *testing.T, dir string) []string {
	return func(t *testing.T, dir string) []string {
		return []string{writeFile(t, dir, name, []byte(data))}
	}
}

var hostileRows = []hostileRow{
	{name: "binary", add: func(t *testing.T, dir string) []string {
		r := rand.New(rand.NewPCG(1, 2))
		data := make([]byte, 64<<10)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		return []string{writeFile(t, dir, "binary.bgn", data)}
	}, says: "binary.bgn:1:"},
	{name: "empty", add: one("empty.bgn", ""), validates: "empty.bgn: no games"},
	{name: "no variant", add: one("novariant.bgn", "[Event \"x\"]\n\n*\n"), says: "novariant.bgn:1:1"},
	{name: "unknown variant", add: one("unknown.bgn", "[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 *\n"), says: "unknown.bgn:2:10"},
	{name: "bad position", add: one("badpos.bgn", "[Variant \"kiswahili\"]\n[Position \"1,2,3\"]\n\n1. A6<* *\n"), says: "badpos.bgn:2:11"},
	{name: "10 MB comment", add: one("comment.bgn", strings.Replace(goodRecord, "a6<*", "a6<* {"+strings.Repeat("words ", 10<<20/6)+"}", 1)), says: "comment.bgn:1:1"},
	{name: "10 MB tag", add: one("tag.bgn", strings.Replace(goodRecord, "Good Open", strings.Repeat("x", 10<<20), 1)), says: "tag.bgn:1:"},
	{name: "BOM", add: one("bom.bgn", "\xEF\xBB\xBF"+strings.ReplaceAll(goodRecord, "Goodman", "Bomber")), good: 1},
	{name: "CRLF", add: one("crlf.bgn", strings.ReplaceAll(strings.ReplaceAll(goodRecord, "Goodman", "Crlfer"), "\n", "\r\n")), good: 1},
	{name: "deep variations", add: one("deep.bgn", strings.Replace(goodRecord, "a3<", "a3< "+strings.Repeat("(A1 ", 100_000), 1)), says: "deep.bgn:"},
	{name: "links out of the root", add: func(t *testing.T, dir string) []string {
		secret := writeFile(t, t.TempDir(), "secret.bgn", []byte(strings.ReplaceAll(goodRecord, "Goodman", "Secret")))
		writeFile(t, filepath.Dir(secret), "secret.md", []byte("# root:x:0:0\n"))
		for name, target := range map[string]string{"leak.bgn": secret, "leak.md": filepath.Join(filepath.Dir(secret), "secret.md"),
			"zero.bgn": "/dev/zero", "up.md": "../../../../../../etc/passwd"} {
			if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	}, says: "leak.bgn: skipped"},
	{name: "FIFO", add: func(t *testing.T, dir string) []string {
		for _, name := range []string{"pipe.bgn", "pipe.md"} {
			if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	}, says: "pipe.bgn: skipped"},
	{name: "hostile file names", add: func(t *testing.T, dir string) []string {
		var files []string
		for i, name := range []string{"-rf.bgn", "a b.bgn", "[x]*?.bgn", "<script>alert(1)<", "%2e%2e.bgn", "new\nline.bgn", "ünï©ødé.bgn", "..bgn"} {
			if !strings.HasSuffix(name, ".bgn") {
				name += ".bgn"
			}
			data := strings.ReplaceAll(goodRecord, "Goodman", "Odd"+string(rune('a'+i)))
			files = append(files, writeFile(t, dir, name, []byte(data)))
		}
		// a bad record under a name with a line feed: its messages stay one line each
		return append(files, writeFile(t, dir, "bad\nname.bgn", []byte("[Event \"x\"]\n\n*\n")))
	}, says: `bad\nname.bgn:1:1`, good: 7}, // ..bgn is hidden: no reader of the archive reads it
}

// slowPosition is the position of the scale issue whose one move (a6<*) took seconds to check.
const slowPosition = "5,1,3,4,1,2,5,6/1,11,4,1,0,7,0,3/0,0,0,1,0,0,0,1/2,1,0,0,2,1,1,1 N 0-0 - -"

// slowMove is a record playing that move.
var slowMove = hostileRow{name: "slow move", add: one("slow.bgn", "[Event \"slow\"]\n[Variant \"kiswahili\"]\n"+
	"[Position \""+slowPosition+"\"]\n\n1... a6<* *\n")}

// commandLimit bounds each command on a hostile archive: a hang fails the test.
const commandLimit = 60 * time.Second

// within runs f, failing the test if it takes longer than commandLimit.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	start := time.Now()
	go func() { defer close(done); f() }()
	select {
	case <-done:
		t.Logf("%s: %v", what, time.Since(start).Round(time.Millisecond))
	case <-time.After(commandLimit):
		t.Fatalf("%s still runs after %v", what, commandLimit)
	}
}

// TestHostileArchive runs index, site build, serve, search, explore and validate over archives
// that each hold two good records and one kind of hostile content. For each command: no panic
// (a panic fails the test binary), bounded time, the good records processed, and a located
// message for what is wrong.
func TestHostileArchive(t *testing.T) {
	rows := append(hostileRows, slowMove)
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "A")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			good := []string{writeFile(t, dir, "good1.bgn", []byte(goodRecord)), writeFile(t, dir, "good2.bgn", []byte(goodRecord))}
			own := row.add(t, dir)
			h := &hostileRun{t: t, row: row, dir: dir}
			within(t, "index", func() { h.bao("index", dir) })
			if h.code != 0 {
				t.Fatalf("index: exit %d\n%s", h.code, h.errOut)
			}
			if row.says != "" && strings.Contains(row.says, "skipped") {
				h.says("index", h.errOut)
			}
			h.search()
			within(t, "explore", func() { h.bao("explore", dir, "--variant", "kiswahili") })
			if h.code != 0 || !strings.Contains(h.out, "A7>*") {
				t.Errorf("explore: exit %d\n%s%s", h.code, h.out, h.errOut)
			}
			h.site()
			within(t, "serve", func() { hostileServe(t, dir) })
			h.validate(append(good, own...), own)
		})
	}
}

// hostileRun is one archive of TestHostileArchive and the last command run on it.
type hostileRun struct {
	t           *testing.T
	row         hostileRow
	dir         string
	code        int
	out, errOut string
}

func (h *hostileRun) bao(args ...string) {
	h.code, h.out, h.errOut = runBao(h.t, "", args...)
	if strings.Contains(h.errOut, "internal error") {
		h.t.Errorf("bao %s: %s", args[0], h.errOut)
	}
}

// says checks that out names what is wrong with the row, in lines of a readable length.
func (h *hostileRun) says(cmd, out string) {
	h.t.Helper()
	if h.row.says != "" && !strings.Contains(out, h.row.says) {
		h.t.Errorf("%s: no message with %q in:\n%.2000s", cmd, h.row.says, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if len(line) > 1000 {
			h.t.Errorf("%s: a message of %d bytes: %.200q…", cmd, len(line), line)
		}
	}
}

func (h *hostileRun) search() {
	t, row := h.t, h.row
	within(t, "search", func() { h.bao("search", h.dir, "--json", "--limit", "100", "") })
	out := h.out
	if h.code != 0 || !strings.Contains(out, `"id":"good1.bgn#1"`) || !strings.Contains(out, `"id":"good2.bgn#1"`) {
		t.Errorf("search: exit %d, the good games not found:\n%.2000s%s", h.code, out, h.errOut)
	}
	if row.good > 0 {
		if n := strings.Count(out, `"errors"`); strings.Count(out, `"file"`)-n < 2+row.good {
			t.Errorf("search: want %d clean games:\n%.3000s", 2+row.good, out)
		}
	}
	if row.says != "" && !strings.Contains(row.says, "skipped") && !strings.Contains(out, `"errors"`) {
		t.Errorf("search: the bad record is not indexed with its errors:\n%.2000s", out)
	}
	if strings.Contains(out, "Secret") {
		t.Error("search: a record outside the archive was indexed")
	}
}

func (h *hostileRun) site() {
	t := h.t
	siteOut := filepath.Join(t.TempDir(), "site")
	within(t, "site build", func() { h.bao("site", "build", h.dir, "--out", siteOut) })
	if h.code > 1 {
		t.Fatalf("site build: exit %d\n%s", h.code, h.errOut)
	}
	h.says("site build", h.errOut)
	for _, page := range []string{"good1/1.html", "good2/1.html", "index.html"} {
		if _, err := os.Stat(filepath.Join(siteOut, page)); err != nil {
			t.Errorf("site build: %v", err)
		}
	}
	for _, leak := range []string{"leak.html", "up.html", "zero.html", "leak/1.html", "up/1.html", "zero/1.html"} {
		if _, err := os.Stat(filepath.Join(siteOut, leak)); err == nil {
			t.Errorf("site build published %s", leak)
		}
	}
}

// validate validates files, of which own are the row's.
func (h *hostileRun) validate(files, own []string) {
	t := h.t
	if len(files) == 0 {
		return
	}
	within(t, "validate", func() { h.bao(append([]string{"validate"}, files...)...) })
	want, msg := 0, h.row.says
	if h.row.validates != "" {
		msg = h.row.validates
	}
	if msg != "" && len(own) > 0 {
		want = 1
	}
	if h.code != want {
		t.Errorf("validate: exit %d\n%.2000s", h.code, h.errOut)
	}
	if len(own) > 0 && !strings.Contains(h.errOut, msg) {
		t.Errorf("validate: no message with %q in:\n%.2000s", msg, h.errOut)
	}
}

// hostileServe starts bao serve's server on the archive and asks for pages and a live search.
func hostileServe(t *testing.T, dir string) {
	t.Helper()
	s, err := site.New(site.Options{Source: dir, IndexDir: archive.DefaultIndexDir(dir)})
	if err != nil {
		t.Fatal(err)
	}
	sv, err := server.New(t.Context(), s, dir)
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	h := sv.Guard(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	for target, want := range map[string]int{"/": 200, "/good1/1.html": 200, "/search?q=goodman": 200,
		"/explore?variant=kiswahili": 200, "/leak.html": 404, "/up.html": 404} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://127.0.0.1:8080"+target, nil))
		if w.Code != want {
			t.Errorf("serve: GET %s: %d, want %d", target, w.Code, want)
		}
	}
}

// TestExecuteRecovers: a panic inside a command is one line and exit code 1.
func TestExecuteRecovers(t *testing.T) {
	root := newRootCmd(&env{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error { panic("kaboom") }})
	var errOut strings.Builder
	if code := execute(root, []string{"boom"}, &errOut); code != 1 || errOut.String() != "bao boom: internal error: kaboom (a bug in bao: please report it with the command line)\n" {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
}
