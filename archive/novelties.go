package archive

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/maphash"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/bao-archive/bao/notation"
)

// Novelties: the first move of each game that leaves every earlier game of the archive, the
// first thing an annotator writes. Games are ordered by date (an unknown month or day counts
// as the first, as searches read it; a game without a year comes after every dated one), then
// by file and by their order in the file. A game's novelty is its first move whose position
// after it no earlier game reached; it says how many earlier games reached the position before
// it. A game that only follows earlier games to its end has none, nor has the first game
// played from a start.
//
// Update computes them once per run that changed the archive, from the position stores, and
// keeps them in INDEX/novelties.json: pages and bao analyse read them, never compute them. A
// new game can be dated before the others, and so change the novelty of any later game: the
// whole archive is ordered again each time (measured in doc.go). Positions are compared by a
// 64-bit hash of their counts and the rest of their BPN.

// Novelty is where a game leaves every earlier game of the archive.
type Novelty struct {
	Ply     int `json:"ply"`     // the ply of the new move (1 is the first move)
	Earlier int `json:"earlier"` // the earlier games that reached the position before it
}

const noveltiesFile = "novelties.json"

// novelties is the file's content: file -> game number -> its novelty.
type novelties map[string]map[int]Novelty

// computeNovelties reads the stores of every file of the manifests and writes the novelties.
func computeNovelties(indexDir string, mans []*manifest) error {
	type gameAt struct {
		file  string
		n     int
		date  string // sortable: YYYY.MM.DD, unknown parts as the first; "~" without a year
		first int    // its positions in pos
		npos  int
	}
	var games []gameAt
	var pos []uint64 // the hash of each position of each game, game after game
	seed := maphash.MakeSeed()
	for _, m := range mans {
		for _, e := range m.files {
			if e.Hash == "" || e.Games == 0 {
				continue
			}
			tails := map[uint64]uint64{} // the hash of each string of the store, once
			err := eachStoreGame(positionsFile(indexDir, e.Hash), func(g *storeGame) {
				games = append(games, gameAt{file: e.Path, n: g.n, date: sortableDate(g.date), first: len(pos), npos: g.npos})
				for i := range g.npos {
					t, ok := tails[g.tails[i]]
					if !ok {
						t = maphash.String(seed, g.variant+" "+g.strs[g.tails[i]])
						tails[g.tails[i]] = t
					}
					h := maphash.Bytes(seed, g.counts[i*g.pits:(i+1)*g.pits])
					pos = append(pos, h*0x9e3779b97f4a7c15^t)
				}
			})
			if err != nil {
				return fmt.Errorf("%w: %w (bao index --rebuild makes it again)", ErrDamaged, err)
			}
		}
	}
	slices.SortFunc(games, func(a, b gameAt) int {
		return cmp.Or(strings.Compare(a.date, b.date), strings.Compare(a.file, b.file), cmp.Compare(a.n, b.n))
	})
	// Every position as (hash, game's place in that order, ply), sorted: the games that
	// reached a position are then together, in order, and the earlier games that reached it
	// before a game's visit are the distinct games before it in its run.
	type visit struct {
		h     uint64
		order uint32
		ply   uint32
	}
	visits := make([]visit, 0, len(pos))
	starts := make([]int, len(games)) // where each game's plies start in earlier
	total := 0
	for o, g := range games {
		starts[o] = total
		total += g.npos
		for i := range g.npos {
			visits = append(visits, visit{pos[g.first+i], uint32(o), uint32(i)})
		}
	}
	pos = nil
	slices.SortFunc(visits, func(a, b visit) int {
		return cmp.Or(cmp.Compare(a.h, b.h), cmp.Compare(a.order, b.order), cmp.Compare(a.ply, b.ply))
	})
	earlier := make([]uint32, total) // for each game's ply: the earlier games that reached it
	for i := 0; i < len(visits); {
		j, distinct := i, uint32(0)
		for ; j < len(visits) && visits[j].h == visits[i].h; j++ {
			if j > i && visits[j].order != visits[j-1].order {
				distinct++
			}
			earlier[starts[visits[j].order]+int(visits[j].ply)] = distinct
		}
		i = j
	}
	visits = nil
	out := novelties{}
	for o, g := range games {
		seen := earlier[starts[o] : starts[o]+g.npos]
		for ply := 1; ply < len(seen); ply++ {
			if seen[ply] == 0 {
				if seen[ply-1] > 0 {
					if out[g.file] == nil {
						out[g.file] = map[int]Novelty{}
					}
					out[g.file][g.n] = Novelty{Ply: ply, Earlier: int(seen[ply-1])}
				}
				break
			}
		}
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	tmp := filepath.Join(indexDir, noveltiesFile+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(indexDir, noveltiesFile))
}

// sortableDate orders Date tags as computeNovelties does.
func sortableDate(date string) string {
	t, _ := parseDate(strings.TrimSpace(date))
	if t == nil {
		return "~"
	}
	return t.Format("2006.01.02")
}

// hasNovelties tells whether the index at dir has its novelties.
func hasNovelties(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, noveltiesFile))
	return err == nil
}

// noveltiesOf is what an open index reads of its novelties, once.
type noveltiesOf struct {
	once sync.Once
	n    novelties
	err  error
}

func (ix *Index) novelties() (novelties, error) {
	ix.nov.once.Do(func() {
		data, err := os.ReadFile(filepath.Join(ix.set.dir, noveltiesFile))
		if errors.Is(err, os.ErrNotExist) {
			ix.nov.n = novelties{} // an index of no games, or one bao index has not finished
			return
		}
		if err == nil {
			err = json.Unmarshal(data, &ix.nov.n)
		}
		if err != nil {
			ix.nov.err = fmt.Errorf("%w: %s: %v (bao index --rebuild makes it again)", ErrDamaged, noveltiesFile, err)
		}
	})
	return ix.nov.n, ix.nov.err
}

// Novelty is where game n of file (archive-relative, slash-separated) leaves every earlier game
// of the archive; ok is false when it has no novelty.
func (ix *Index) Novelty(file string, n int) (nov Novelty, ok bool, err error) {
	all, err := ix.novelties()
	if err != nil {
		return Novelty{}, false, err
	}
	nov, ok = all[file][n]
	return nov, ok, nil
}

// NoveltiesSum identifies the novelties of a file's games: a site keeps a file's pages while
// it is the same.
func (ix *Index) NoveltiesSum(file string) string {
	all, err := ix.novelties()
	if err != nil || len(all[file]) == 0 {
		return ""
	}
	ns := all[file]
	h := crc32.NewIEEE()
	for _, n := range slices.Sorted(maps.Keys(ns)) {
		var b [24]byte
		binary.LittleEndian.PutUint64(b[:], uint64(n))
		binary.LittleEndian.PutUint64(b[8:], uint64(ns[n].Ply))
		binary.LittleEndian.PutUint64(b[16:], uint64(ns[n].Earlier))
		h.Write(b[:])
	}
	return fmt.Sprintf("%08x", h.Sum32())
}

// noveltyComment begins the comment MarkNovelty writes, by which a later run finds it.
const noveltyComment = "Novelty: no earlier game of the archive played this move; "

// MarkNovelty writes a game's novelty into its record as a comment after the move, and takes
// away the one an earlier run wrote (the novelty moves when earlier games join the archive).
// Without a novelty (ok false) it only takes the old one away.
func MarkNovelty(rec *notation.Record, nov Novelty, ok bool) {
	for _, n := range rec.Moves {
		n.After = slices.DeleteFunc(n.After, func(c notation.Comment) bool { // as read back, the comment may be wrapped over lines
			return strings.HasPrefix(strings.Join(strings.Fields(c.Text), " ")+" ", noveltyComment)
		})
	}
	if !ok || nov.Ply < 1 || nov.Ply > len(rec.Moves) {
		return
	}
	games := "games"
	if nov.Earlier == 1 {
		games = "game"
	}
	n := rec.Moves[nov.Ply-1]
	n.After = append(n.After, notation.Comment{Text: fmt.Sprintf("%s%d earlier %s reached the position before it.", noveltyComment, nov.Earlier, games)})
}

// FindArchive finds the archive that holds the file at path: the nearest folder above it
// with an index (DefaultIndexDir). It gives the folder and the file's name in the index.
func FindArchive(path string) (root, name string, ok bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", false
	}
	for dir := filepath.Dir(abs); ; {
		if st, err := os.Stat(DefaultIndexDir(dir)); err == nil && st.IsDir() {
			rel, err := filepath.Rel(dir, abs)
			return dir, filepath.ToSlash(rel), err == nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", false
		}
		dir = parent
	}
}
