package site

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site/board"
)

// game is one record, replayed by the engine: everything its page shows. A build holds only
// the games being written, a few per CPU.
type game struct {
	file    string // archive-relative path of the record file
	where   string // the file as problem reports name it (Options.Source)
	number  int    // 1-based number of the game in its file
	several bool   // the file holds other games too
	next    bool   // the file holds a game after it
	href    string // site-relative path of its page
	rec     *notation.Record
	start   engine.Position // zero if the record names no playable variant or start
	nodes   []*node         // nodes[0] is the start; the main line is nodes[1..plies]
	plies   int
	ids     map[*notation.Node]int    // the node of each move played
	failed  map[*notation.Node]string // the move that stopped its line, and why
	errs    []string                  // problems, "file:line:col: message", shown on the page
	// warnings are the problems of the page beyond the record's own (a diagram that cannot be
	// drawn): the build reports them with errs.
	warnings []string
	asked    bool // a diagram asked the index for other games
}

// node is a position of the game's move tree: the start, or a move and the position after it.
type node struct {
	id         int
	move       *notation.Node // nil for the start
	depth      int            // plies from the game's start
	prev, next int            // neighbours in the node's line; -1 for none
	main       bool           // on the main line
	pos        engine.Position
	marks      board.Highlight
	trace      *engine.Trace // the move's laps and captures, for the viewer's sowing
	filled     string        // an illegible move's one completion, as every command reads it
	// gap: the node is a gap of a fragment (moves lost), pos its checkpoint and depth the
	// plies before the move after it; the viewer jumps there, with no sowing to show
	gap bool
}

// newGame replays record number n of file (parse problems in parseErrs); next tells whether
// the file holds a game after it.
func newGame(file, where string, n int, next bool, rec *notation.Record, parseErrs notation.ErrorList) *game {
	g := &game{file: file, where: where, number: n, several: n > 1 || next, next: next, href: GameHref(file, n), rec: rec}
	for _, e := range parseErrs {
		g.errs = append(g.errs, e.Error())
	}
	g.replay()
	return g
}

// scanGames calls f with every record of the file name, in order, telling it whether the file
// holds another after it; it stops at f's first error. One record is read ahead, no more.
func scanGames(src fs.FS, name, where string, f func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error) error {
	r, err := src.Open(name)
	if err != nil {
		return err
	}
	defer r.Close()
	return scanReader(r, where, f)
}

// scanReader is scanGames over an open file.
func scanReader(r io.Reader, where string, f func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error) error {
	sc := notation.NewScanner(r, where)
	var (
		held     *notation.Record
		heldErrs notation.ErrorList
		n        int
	)
	for sc.Scan() {
		if held != nil {
			n++
			if err := f(n, true, held, heldErrs); err != nil {
				return err
			}
		}
		held, heldErrs = sc.Record(), slices.Clone(sc.Errors())
	}
	if held != nil {
		n++
		if err := f(n, false, held, heldErrs); err != nil {
			return err
		}
	}
	return sc.Err()
}

// gameJob is one game to replay and write.
type gameJob struct {
	file *fileJob
	n    int
	next bool
	rec  *notation.Record
	errs notation.ErrorList
}

// fileJob is a record file being written: its entry for the catalog, filled in as its games
// are written.
type fileJob struct {
	name  string
	entry *fileEntry
	mu    sync.Mutex
}

// writeRecords writes the pages of every game of the archive, except those of record files
// that the last build (old) wrote and that have not changed since, and fills in the catalog.
// One goroutine reads the changed files one record at a time; as many as there are CPUs replay
// and write the games. At most a few games per CPU are held at once, however large a file.
func (b *build) writeRecords(old *manifest) error {
	version := b.version()
	var todo []*fileJob
	for _, name := range b.records {
		size, sum, err := fileSum(b.src, name)
		if err != nil {
			b.warn(fmt.Sprintf("%s: %v", b.where(name), err))
			continue
		}
		if e := old.Files[name]; e != nil && version != "" && old.Version == version &&
			e.Size == size && e.Sum == sum && (!e.Asked || old.Index == b.ixStamp) && e.Novelties == b.noveltiesSum(name) && e.Around == b.around[name] {
			b.entries[name] = e
			b.unchanged++
			continue
		}
		e := &fileEntry{Size: size, Sum: sum, Novelties: b.noveltiesSum(name), Around: b.around[name]}
		b.entries[name] = e
		todo = append(todo, &fileJob{name: name, entry: e})
	}
	for _, e := range b.entries {
		b.games += len(e.Games) // the kept files; the others count as they are written
		for _, w := range e.Warnings {
			b.warn(w)
		}
	}
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	jobs := make(chan gameJob, 4*runtime.GOMAXPROCS(0))
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	fail := func(err error) {
		once.Do(func() { first = err; cancel() })
	}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for j := range jobs {
				if ctx.Err() == nil {
					if err := b.writeJob(j); err != nil {
						fail(err)
					}
				}
			}
		})
	}
	var read, total int64
	for _, fj := range todo {
		total += fj.entry.Size
	}
	for _, fj := range todo {
		if ctx.Err() != nil {
			break
		}
		err := b.scanCounted(fj.name, &read, total, func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error {
			fj.mu.Lock()
			fj.entry.Games = append(fj.entry.Games, gameInfo{}) // its slot, filled in by writeJob
			fj.mu.Unlock()
			select {
			case jobs <- gameJob{file: fj, n: n, next: next, rec: rec, errs: errs}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
		if err != nil && ctx.Err() == nil {
			// The file is unreadable from here on: its games before stay, and a problem page
			// takes the next game's place.
			fj.mu.Lock()
			fj.entry.Games = append(fj.entry.Games, gameInfo{})
			n := len(fj.entry.Games)
			fj.mu.Unlock()
			g := unreadable(fj.name, b.where(fj.name), n, err)
			g.href = GameHref(fj.name, n)
			fj.addWarnings(b, g.errs...)
			if err := b.writeRecord(g); err != nil {
				fail(err)
			}
		}
	}
	close(jobs)
	wg.Wait()
	if first == nil {
		first = b.ctx.Err()
	}
	if first != nil {
		return first
	}
	b.removeStale(old)
	return nil
}

// scanCounted is scanGames that tells Options.Progress how many bytes of total are read.
func (b *build) scanCounted(name string, read *int64, total int64, f func(n int, next bool, rec *notation.Record, errs notation.ErrorList) error) error {
	progress := b.s.opts.Progress
	if progress == nil {
		return scanGames(b.src, name, b.where(name), f)
	}
	r, err := b.src.Open(name)
	if err != nil {
		return err
	}
	defer r.Close()
	progress(*read, total, name)
	return scanReader(countingReader{r, func(n int) {
		*read += int64(n)
		progress(*read, total, name)
	}}, b.where(name), f)
}

// countingReader tells add how many bytes each read gave.
type countingReader struct {
	r   io.Reader
	add func(n int)
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.add(n)
	return n, err
}

// writeRecord writes a game's page, or its problem page if it has no playable start or if
// drawing it fails (a panic while drawing is reported as a problem of that record only).
func (b *build) writeRecord(g *game) (err error) {
	if g.variant() == nil {
		return b.writeProblem(g)
	}
	defer func() {
		if r := recover(); r != nil {
			err = b.fallBack(g, fmt.Errorf("%w: %v", notation.ErrInternal, r))
		}
	}()
	ps, err := b.gamePages(g)
	if err == nil {
		err = b.write(ps...)
	}
	if err != nil {
		return b.fallBack(g, err)
	}
	return nil
}

// fallBack writes the problem page of a game whose page could not be drawn because of err.
func (b *build) fallBack(g *game, err error) error {
	msg := fmt.Sprintf("%s: game %d: cannot draw the game: %v", g.where, g.number, err)
	b.warn(msg)
	g.errs = append(g.errs, msg)
	return b.writeProblem(g)
}

// writeProblem writes the problem page of a game that cannot be drawn.
func (b *build) writeProblem(g *game) error {
	p, err := b.problemPages(g)
	if err != nil {
		return err
	}
	return b.write(p)
}

// writeJob replays one game, writes its page and fills in its row of the catalog.
func (b *build) writeJob(j gameJob) error {
	fj := j.file
	g := newGame(fj.name, b.where(fj.name), j.n, j.next, j.rec, j.errs)
	if err := b.writeRecord(g); err != nil {
		return err
	}
	fj.mu.Lock()
	fj.entry.Games[j.n-1] = b.catalogRow(fj.name, j.rec)
	fj.entry.Asked = fj.entry.Asked || g.asked
	fj.mu.Unlock()
	fj.addWarnings(b, append(g.errs, g.warnings...)...)
	b.mu.Lock()
	b.games++
	b.mu.Unlock()
	return nil
}

// addWarnings reports problems of the file, and keeps them in its entry for the builds that
// will not read it again.
func (fj *fileJob) addWarnings(b *build, ws ...string) {
	fj.mu.Lock()
	fj.entry.Warnings = append(fj.entry.Warnings, ws...)
	fj.mu.Unlock()
	for _, w := range ws {
		b.warn(w)
	}
}

// removeStale removes the game pages that the last build wrote and this one did not: those of
// files gone from the archive, and of games gone from the end of a file.
func (b *build) removeStale(old *manifest) {
	for name, e := range old.Files {
		keep := 0
		if now := b.entries[name]; now != nil {
			keep = len(now.Games)
		}
		for n := keep + 1; n <= len(e.Games); n++ {
			for _, page := range []string{GameHref(name, n), embedHref(name, n)} {
				if err := b.out.remove(page); err != nil {
					b.warn(fmt.Sprintf("removing an old page: %v", err))
				}
			}
		}
	}
}

// version identifies what, beside a record file, its pages depend on: the bao binary, the
// site's title and source, and the archive's event.toml and players.toml files (eventIndex).
func (b *build) version() string {
	v := binaryVersion()
	if v == "" {
		return ""
	}
	return v + "\x00" + b.s.opts.Title + "\x00" + b.s.opts.Source + "\x00" + b.stamp
}

// replay walks the record once, main line and variations: the verifier's findings are the
// page's problems (every move, [%pos] checkpoint, result and tag, as bao validate reports
// them), and the same pass through the engine gives the positions and the marks of the tree.
func (g *game) replay() {
	start, err := g.rec.Start()
	g.nodes = []*node{{prev: -1, next: -1, pos: start}}
	if err == nil {
		g.start = start
		g.ids, g.failed = map[*notation.Node]int{}, map[*notation.Node]string{}
	}
	var (
		last   = map[*notation.Variation]int{nil: 0} // the last node played of each line
		before = map[*notation.Node]int{}            // the node each move is played from
		parent = map[*notation.Variation]*notation.Node{}
	)
	for _, e := range notation.VerifyWalk(g.rec, true, func(s *notation.Step) {
		mv := s.Node
		from, ok := last[s.Variation]
		if s.Index == 0 && s.Variation != nil {
			from, ok = before[parent[s.Variation]], true // a variation replaces a move
		}
		if !ok {
			return
		}
		before[mv] = from
		for _, v := range mv.Variations {
			parent[v] = mv
		}
		if s.Err != nil {
			g.failed[mv] = fmt.Sprintf("%s: %v (the rest of this line is not shown)", mv.Token, s.Err.Err)
			return
		}
		prev := g.nodes[from]
		n := &node{id: len(g.nodes), move: mv, depth: prev.depth + 1, prev: prev.id, next: -1, pos: s.After,
			main: s.Variation == nil, gap: s.Gap}
		if s.Gap {
			n.depth = s.Ply - 1
		}
		if s.Trace != nil {
			n.marks, n.trace = board.Trace(s.After.Variant(), *s.Trace), s.Trace
		}
		if s.Filled {
			n.filled = s.Token()
		}
		if prev.next < 0 {
			prev.next = n.id
		}
		g.nodes = append(g.nodes, n)
		g.ids[mv] = n.id
		last[s.Variation] = n.id
		if s.Variation == nil {
			g.plies++
		}
	}) {
		g.errs = append(g.errs, e.Error())
	}
	g.mainLineFirst()
}

// mainLineFirst numbers the nodes main line first (the start, then ply 1 to plies), then the
// variations in the order the walk met them: a ply's node is nodes[ply].
func (g *game) mainLineFirst() {
	order := make([]*node, 0, len(g.nodes))
	for _, main := range []bool{true, false} {
		for _, n := range g.nodes {
			if (n.move == nil || n.main) == main {
				order = append(order, n)
			}
		}
	}
	renum := make([]int, len(g.nodes))
	for i, n := range order {
		renum[n.id] = i
	}
	at := func(id int) int {
		if id < 0 {
			return id
		}
		return renum[id]
	}
	for _, n := range order {
		n.id, n.prev, n.next = renum[n.id], at(n.prev), at(n.next)
	}
	for mv, id := range g.ids {
		g.ids[mv] = renum[id]
	}
	g.nodes = order
}

// variant is the game's variant, nil if it has none that bao knows.
func (g *game) variant() *engine.Variant { return g.start.Variant() }

// tag returns a roster tag, "" for an unknown value ("?", "????.??.??").
func (g *game) tag(name string) string { return knownTag(g.rec.Tag(name)) }

// knownTag is a tag's value as the pages show it, "" if unknown ("?", "????.??.??"). A value
// that holds bidirectional formatting characters (U+202E RIGHT-TO-LEFT OVERRIDE, say) is wrapped
// in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: the pages join tags in one line ("South –
// North", "Event · Site · Date"), and an override left open in a name turned the rest of that
// line around (a date 2024.01.01 read 10.10.4202). The isolate closes whatever the value opened.
func knownTag(v string) string {
	v = strings.TrimSpace(v)
	if strings.Trim(v, "?.") == "" {
		return ""
	}
	if strings.ContainsFunc(v, func(r rune) bool { return unicode.Is(unicode.Bidi_Control, r) }) {
		return "\u2068" + v + "\u2069"
	}
	return v
}

// yearOf is a date's year, "" if unknown.
func yearOf(d string) string { return notation.ParseDate(d).YearText() }

// year is the Date tag's year, "" if unknown.
func (g *game) year() string { return yearOf(g.tag("Date")) }

func (g *game) players() (south, north string) { return g.tag("South"), g.tag("North") }

// title names the game in lists and links: "South – North, Event Year, round R".
func (g *game) title(l *lang.Lang) string {
	s, n := g.players()
	return gameTitle(l, s, n, g.tag("Event"), g.year(), g.tag("Round"), g.number, g.several)
}

// gameTitle names a game from its known tags ("" for unknown). Games between the same players
// at the same event differ by round, or else by their place in the file (number, when the
// file holds several).
func gameTitle(l *lang.Lang, south, north, event, year, round string, number int, several bool) string {
	// The year, unless the event's name ends in it ("Demo Club 2026", not "Demo Club 2026 2026").
	if year != "" && !strings.HasSuffix(" "+event, " "+year) {
		event = strings.TrimSpace(event + " " + year)
	}
	t := l.T("game.title", "South", orUnknown(south), "North", orUnknown(north))
	if event != "" {
		t = l.T("game.title.event", "South", orUnknown(south), "North", orUnknown(north), "Event", event)
	}
	if round != "" {
		t = l.T("game.title.round", "Title", t, "Round", round)
	} else if several {
		t = l.T("game.title.nth", "Title", t, "Number", number)
	}
	return t
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// moveNumber is the number printed before a move at depth d (1 = the first ply) and whether
// South makes it.
func (g *game) moveNumber(d int) (int, bool) {
	return notation.MoveNumber(d-1, g.start.Variant() != nil && g.start.ToMove() == engine.North)
}

// noveltiesSum identifies the novelties the index gives the games of a record file, "" without
// an index.
func (b *build) noveltiesSum(file string) string {
	if b.ix == nil {
		return ""
	}
	return b.ix.NoveltiesSum(file)
}
