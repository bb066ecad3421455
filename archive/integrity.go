package archive

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// verifySegments checks every segment file of the index at dir against the CRC-32 that bleve
// (zap) writes as its last four bytes, over everything before it. Bleve trusts its segments:
// bytes damaged on disk gave wrong hits, "index read inconsistency detected", a panic, or an
// allocation of gigabytes that no recover catches, while Update, seeing an unchanged manifest,
// reported the index sound. Reading the segments once per Update costs about what reading the
// index from the page cache does.
func verifySegments(dir string) error { return checkSegments(dir, false) }

// stampFile lists the segments verified last, with their size and modification time: Open
// verifies only segments that are not listed as they are (new, or changed since).
const stampFile = "segments.verified"

// checkSegments verifies the segments of the index at dir: all of them, or with onlyChanged
// those that are not in the stamp file as they are now. It rewrites the stamp file when every
// segment is sound and the list changed (an index opened read-only may not be writable: that
// is no error).
func checkSegments(dir string, onlyChanged bool) error {
	segs, err := filepath.Glob(filepath.Join(dir, "shard-*", "store", "*.zap"))
	if err != nil {
		return err
	}
	stamps := map[string]string{}
	if onlyChanged {
		if b, err := os.ReadFile(filepath.Join(dir, stampFile)); err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if rel, st, ok := strings.Cut(l, "\t"); ok {
					stamps[rel] = st
				}
			}
		}
	}
	var out strings.Builder
	old, _ := os.ReadFile(filepath.Join(dir, stampFile))
	for _, p := range segs {
		info, err := os.Stat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		st := fmt.Sprintf("%d %d", info.Size(), info.ModTime().UnixNano())
		if stamps[rel] != st {
			if err := verifySegment(p); err != nil {
				return fmt.Errorf("segment %s is damaged: %w", rel, err)
			}
		}
		fmt.Fprintf(&out, "%s\t%s\n", rel, st)
	}
	if string(old) != out.String() {
		os.WriteFile(filepath.Join(dir, stampFile), []byte(out.String()), 0o644)
	}
	return nil
}

// verifySegment checks one zap file's checksum.
func verifySegment(p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if info.Size() < 4 {
		return fmt.Errorf("%d bytes, too short", info.Size())
	}
	h := crc32.NewIEEE()
	if _, err := io.CopyN(h, f, info.Size()-4); err != nil {
		return err
	}
	var stored [4]byte
	if _, err := io.ReadFull(f, stored[:]); err != nil {
		return err
	}
	if want := binary.BigEndian.Uint32(stored[:]); h.Sum32() != want {
		return fmt.Errorf("checksum %08x, recorded %08x", h.Sum32(), want)
	}
	return nil
}

// ErrDamaged means the index's files are damaged; bao index rebuilds it.
var ErrDamaged = errors.New("the index is damaged; run bao index to rebuild it")

// recoverDamaged turns a panic inside bleve, which damaged segments cause, into ErrDamaged
// naming the index, and marks bleve's own report of an inconsistent read the same way.
func (ix *Index) recoverDamaged(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: %w (%v)", ix.set.dir, ErrDamaged, r)
	} else if *err != nil && strings.Contains((*err).Error(), "inconsistency") {
		*err = fmt.Errorf("%s: %w (%v)", ix.set.dir, ErrDamaged, *err)
	}
}
