package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"sync"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/notation"
)

// The catalog is what the lists, the folder pages and the search index need of every game: a
// row of its tags, about 150 bytes. It is the only thing a build holds for every game at once;
// the games themselves are read, replayed and written one at a time per file.
//
// A build keeps its catalog in the site's manifest (manifestName), with each record file's size
// and checksum: the next build rewrites only the pages of files that changed, and of files
// whose diagrams asked an index that changed since.

// gameInfo is one game's row in the catalog.
type gameInfo struct {
	Date    string `json:"d,omitempty"`
	South   string `json:"s,omitempty"` // "" when unknown
	North   string `json:"n,omitempty"`
	Event   string `json:"e,omitempty"`
	Round   string `json:"o,omitempty"`
	Result  string `json:"r,omitempty"`
	Variant string `json:"v,omitempty"` // engine variant id, "" if none bao knows
	Plies   int    `json:"p,omitempty"` // main-line plies written

	// For the event and player pages (events.go): the game's place in its event, or why it
	// has none; the game as the rating list counts it; the first plies of its main line.
	EventGame    *event.Game  `json:"eg,omitempty"`
	EventProblem string       `json:"ep,omitempty"`
	Rated        *event.Rated `json:"rt,omitempty"`
	Opening      string       `json:"op,omitempty"`
	OpeningName  string       `json:"on,omitempty"` // the name the archive's openings.toml gives it
}

// catalogRow is the row in the catalog of a record of file, read from its tags: bao serve lists
// games it has not replayed.
func (b *build) catalogRow(file string, rec *notation.Record) gameInfo {
	gi := gameInfo{Date: knownTag(rec.Tag("Date")), South: knownTag(rec.Tag("South")),
		North: knownTag(rec.Tag("North")), Event: knownTag(rec.Tag("Event")), Round: knownTag(rec.Tag("Round")), Result: rec.Result,
		Plies: len(rec.Moves)}
	if p, err := rec.Start(); err == nil {
		gi.Variant = p.Variant().ID()
	}
	b.eventRow(file, rec, &gi)
	return gi
}

// fileEntry is a record file as the last build saw it.
type fileEntry struct {
	Size     int64      `json:"size"`
	Sum      uint32     `json:"crc"`
	Games    []gameInfo `json:"games"`
	Warnings []string   `json:"warnings,omitempty"`
	// Asked says the file's diagrams asked the index for "also reached in" links: its pages
	// change with the index.
	Asked bool `json:"asked,omitempty"`
	// Novelties identifies the novelties of its games that the index gave its pages
	// (archive.Index.NoveltiesSum): its pages change when they do.
	Novelties string `json:"nov,omitempty"`
	// Around names the games before and after its games in their events (eventIndex.around):
	// its pages change when another file of the event does.
	Around string `json:"around,omitempty"`
}

// manifest is what a build leaves for the next one.
type manifest struct {
	// Version changes with the bao binary (its templates, its rendering), the site's title
	// and the source's name: pages built under another version are all rewritten.
	Version string `json:"version"`
	// Index identifies the state of the index the diagrams asked, "" for none.
	Index string `json:"index"`
	// Catalog identifies what the catalog's pages showed (see catalogStamp).
	Catalog string                `json:"catalog"`
	Files   map[string]*fileEntry `json:"files"`
	// Lists are the pages made from the catalog (folders, lists, search), to remove those a
	// smaller archive no longer makes.
	Lists []string `json:"lists"`
}

// manifestName is where a built site keeps its manifest; hidden, and not a page.
const manifestName = ".bao-site.json"

// loadManifest reads the manifest of the site in out; a missing or unreadable one (another
// version's, a half-written one) means a full build.
func loadManifest(out output) *manifest {
	m := &manifest{}
	data, err := out.read(manifestName)
	if err != nil || json.Unmarshal(data, m) != nil || m.Files == nil {
		return &manifest{Files: map[string]*fileEntry{}}
	}
	return m
}

// fileSum reads a record file's size and checksum: cheap beside replaying it (CRC-32 runs at
// gigabytes per second).
func fileSum(src fs.FS, name string) (int64, uint32, error) {
	f, err := src.Open(name)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	h := crc32.NewIEEE()
	n, err := io.Copy(h, f)
	return n, h.Sum32(), err
}

// binaryVersion identifies the running bao: a checksum of its executable, so that a new build
// of bao (new templates, new rendering) rewrites every page. "" if it cannot be read, which
// matches no manifest.
var binaryVersion = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
})
