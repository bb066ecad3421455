package event

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skip2/go-qrcode"

	"github.com/bao-archive/bao/notation"
)

// Recording links: each board of a round gets a secret link, /record/<secret>, that writes its
// game and nothing else; one arbiter link may write every board of the event. The secrets are
// written for the organiser, who prints them, into the folder _links (which neither the site
// nor the server serve), and only their SHA-256 hashes into .links.json, which the server
// reads: a copy of the server's files lets nobody write a board.

// ErrNoLink marks a secret that is no link of the event.
var ErrNoLink = errors.New("no such recording link")

const (
	linksDir   = "_links"      // the organiser's files: the secrets and the printable sheets
	hashesFile = ".links.json" // what the server knows: hashes only
	// LinkPrefix begins every recording link's path.
	LinkPrefix = "/record/"
)

// BoardLink is one board's recording link.
type BoardLink struct {
	Board int    `json:"board"`
	South string `json:"south"`
	North string `json:"north"`
	Link  string `json:"link"` // /record/<secret>
}

// RoundLinks are the recording links of a round's boards (byes have none).
type RoundLinks struct {
	Round  int         `json:"round"`
	Boards []BoardLink `json:"boards"`
}

// Access is what a link may write: one board of one round, or, for the arbiter, any board.
type Access struct {
	Round, Board int
	Arbiter      bool
}

// Allows reports whether the link may write board of round.
func (a Access) Allows(round, board int) bool {
	return a.Arbiter || a.Round == round && a.Board == board
}

// hashes is the server's file: each link's SHA-256, hex.
type hashes struct {
	Arbiter string      `json:"arbiter"`
	Boards  []boardHash `json:"boards"`
}

type boardHash struct {
	Round  int    `json:"round"`
	Board  int    `json:"board"`
	SHA256 string `json:"sha256"`
}

// secrets is the organiser's file of a round, and of the arbiter (round 0).
type secrets struct {
	Round  int         `json:"round"`
	Boards []BoardLink `json:"boards"`
}

func secretsPath(dir string, round int) string {
	if round == 0 {
		return filepath.Join(dir, linksDir, "arbiter.json")
	}
	return filepath.Join(dir, linksDir, fmt.Sprintf("round-%02d.json", round))
}

// WriteSheet writes the printable sheet of round's links, data, beside the secrets and as
// private as they are, and returns its path.
func WriteSheet(dir string, round int, data []byte) (string, error) {
	path := filepath.Join(dir, linksDir, fmt.Sprintf("round-%02d.html", round))
	return path, WritePrivate(path, data)
}

// newSecret is 128 random bits, in lower-case base32 (26 letters and digits).
func newSecret() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

func hashSecret(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// makeLinks gives every board of r without a link one (the next games of a pairing keep the
// link of its first), and the event its arbiter link if it has none. The caller holds the
// event's lock.
func makeLinks(dir string, r *Round) error {
	var hs hashes
	if err := readJSON(filepath.Join(dir, hashesFile), &hs); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	var sec secrets
	if err := readJSON(secretsPath(dir, r.Number), &sec); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	sec.Round = r.Number
	changed := false
	if hs.Arbiter == "" {
		s := newSecret()
		if err := writePrivateJSON(secretsPath(dir, 0), secrets{Boards: []BoardLink{{Link: LinkPrefix + s}}}); err != nil {
			return err
		}
		hs.Arbiter, changed = hashSecret(s), true
	}
	for _, b := range r.Boards {
		if b.North == "" || slices.ContainsFunc(sec.Boards, func(l BoardLink) bool { return l.Board == b.Board }) {
			continue
		}
		s := newSecret()
		sec.Boards = append(sec.Boards, BoardLink{Board: b.Board, South: b.South, North: b.North, Link: LinkPrefix + s})
		hs.Boards = append(hs.Boards, boardHash{Round: r.Number, Board: b.Board, SHA256: hashSecret(s)})
		changed = true
	}
	if !changed {
		return nil
	}
	// The secrets first: a hash without its secret would be a link nobody has.
	if err := writePrivateJSON(secretsPath(dir, r.Number), sec); err != nil {
		return err
	}
	return writePrivateJSON(filepath.Join(dir, hashesFile), hs)
}

// Links returns the recording links of round's boards, as `bao event pair` made them.
func Links(dir string, round int) (*RoundLinks, error) {
	var sec secrets
	if err := readJSON(secretsPath(dir, round), &sec); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: round %d of %s has no recording links (bao event pair makes them)", ErrNoLink, round, dir)
		}
		return nil, err
	}
	slices.SortFunc(sec.Boards, func(a, b BoardLink) int { return a.Board - b.Board })
	return &RoundLinks{Round: round, Boards: sec.Boards}, nil
}

// ArbiterLink returns the event's arbiter link, which may write any board.
func ArbiterLink(dir string) (string, error) {
	var sec secrets
	if err := readJSON(secretsPath(dir, 0), &sec); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("%w: %s has no arbiter link yet (bao event pair makes it)", ErrNoLink, dir)
		}
		return "", err
	}
	if len(sec.Boards) != 1 {
		return "", fmt.Errorf("%s: %w: want one arbiter link", secretsPath(dir, 0), ErrConfig)
	}
	return sec.Boards[0].Link, nil
}

// KeysPath is the file of the hashes of the event's links, which the server reads.
func KeysPath(dir string) string { return filepath.Join(dir, hashesFile) }

// Keys are the hashes of an event's links, as the server holds them.
type Keys struct{ h hashes }

// LoadKeys reads the hashes of the event's links; an event never paired has none.
func LoadKeys(dir string) (*Keys, error) {
	k := &Keys{}
	if err := readJSON(KeysPath(dir), &k.h); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return k, nil
}

// Lookup finds what the secret of a link may write; every hash is compared, in constant time,
// so that the time taken tells nothing of the secrets.
func (k *Keys) Lookup(secret string) (Access, error) {
	h := []byte(hashSecret(secret))
	var a Access
	found := 0
	if subtle.ConstantTimeCompare(h, []byte(k.h.Arbiter)) == 1 {
		a, found = Access{Arbiter: true}, 1
	}
	for _, b := range k.h.Boards {
		if subtle.ConstantTimeCompare(h, []byte(b.SHA256)) == 1 {
			a, found = Access{Round: b.Round, Board: b.Board}, 1
		}
	}
	if found == 0 || secret == "" {
		return Access{}, ErrNoLink
	}
	return a, nil
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w: %v", path, ErrConfig, err)
	}
	return nil
}

// writePrivateJSON writes v as JSON, readable by its owner only, crash-safe.
func writePrivateJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return WritePrivate(path, append(bytes.TrimSpace(data), '\n'))
}

// WritePrivate writes data to path, readable by its owner only, crash-safe: for what holds
// recording links (the links sheet, score sheets with their QR codes).
func WritePrivate(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		// WriteFile keeps an existing file's permissions: make it private before the secret.
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		f.Close()
	}
	return notation.WriteFile(path, data)
}

// QRCode draws text (a link's full address) as a QR code, a PNG of size pixels square, with
// medium error correction: a printed code still reads when a little of it is smudged.
func QRCode(text string, size int) ([]byte, error) {
	return qrcode.Encode(text, qrcode.Medium, size)
}
