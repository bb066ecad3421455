package archive

import (
	"cmp"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
)

// OpeningsFile is an archive's table of named openings, at its root (see Openings).
const OpeningsFile = "openings.toml"

// ErrOpenings marks a table of openings that cannot be used: bad TOML, a variant bao does not
// know, a line that is not legal from the start, a name given twice to one line. Each error
// names the file and line.
var ErrOpenings = errors.New("bad openings table")

// Openings names lines of play from a variant's start, as an archive's openings.toml gives
// them:
//
//	[kiswahili]              # a variant: its id, name or alias
//	"A6<* a5>" = "a name"    # the moves from the start, and the opening's name
//
// A game's opening is the name of the longest line of the table that its main line begins
// with. Lines are compared position by position, so a move written with or without its
// suffixes (A6< or A6<*) is the same move. The zero or nil Openings names nothing.
type Openings struct {
	roots map[*engine.Variant]*openingNode
	sum   string // the file's checksum, "" for no file
	lines int
}

// openingNode is a position of the table's lines: the name of the line that ends there, if
// one does, and the positions the lines go on to.
type openingNode struct {
	name string
	line int // of the file, for a name given twice
	next map[engine.Position]*openingNode
}

// LoadOpenings reads the archive's openings.toml; an archive without one has an empty table.
func LoadOpenings(root string) (*Openings, error) {
	path := filepath.Join(root, OpeningsFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return &Openings{}, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseOpenings(path, data)
}

// ParseOpenings reads a table of openings held in data; path names it in errors.
func ParseOpenings(path string, data []byte) (*Openings, error) {
	o := &Openings{roots: map[*engine.Variant]*openingNode{}, sum: fmt.Sprintf("%08x", crc32.ChecksumIEEE(data))}
	var tables map[string]any
	if _, err := toml.Decode(string(data), &tables); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d: %w: %s", path, pe.Position.Line, ErrOpenings, pe.Message)
		}
		return nil, fmt.Errorf("%s: %w: %v", path, ErrOpenings, err)
	}
	at := keyLines(data)
	for _, variant := range slices.Sorted(maps.Keys(tables)) {
		line := cmp.Or(at[[2]string{variant, ""}], at[[2]string{"", variant}], 1)
		lines, ok := tables[variant].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s:%d: %w: %s is not a table of a variant's openings ([%s] then \"MOVES\" = \"NAME\")", path, line, ErrOpenings, variant, variant)
		}
		v, err := engine.LookupVariant(variant)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w: %v", path, line, ErrOpenings, err)
		}
		root := o.roots[v]
		if root == nil {
			root = &openingNode{}
			o.roots[v] = root
		}
		for _, moves := range slices.Sorted(maps.Keys(lines)) {
			line := cmp.Or(at[[2]string{variant, moves}], 1)
			name, ok := lines[moves].(string)
			if !ok || strings.TrimSpace(name) == "" {
				return nil, fmt.Errorf("%s:%d: %w: the opening %q needs a name (a string)", path, line, ErrOpenings, moves)
			}
			if err := root.add(v, moves, strings.TrimSpace(name), line); err != nil {
				return nil, fmt.Errorf("%s:%d: %w: %v", path, line, ErrOpenings, err)
			}
			o.lines++
		}
	}
	return o, nil
}

// add puts the line of moves from v's start into the table under name.
func (n *openingNode) add(v *engine.Variant, moves, name string, line int) error {
	p := v.Start()
	played := 0
	for _, tok := range strings.Fields(moves) {
		if notation.IsMoveNumber(tok) {
			continue
		}
		played++
		c, err := p.ParseChild(tok, nil)
		if err != nil {
			return fmt.Errorf("move %d of %q: %v", played, moves, err)
		}
		p = c.Position
		if n.next == nil {
			n.next = map[engine.Position]*openingNode{}
		}
		if n.next[p] == nil {
			n.next[p] = &openingNode{}
		}
		n = n.next[p]
	}
	switch {
	case played == 0:
		return fmt.Errorf("an opening needs moves, %q has none", moves)
	case n.name != "":
		return fmt.Errorf("%q is the line of line %d (%s) again", moves, n.line, n.name)
	}
	n.name, n.line = name, line
	return nil
}

// Len is the number of named lines.
func (o *Openings) Len() int {
	if o == nil {
		return 0
	}
	return o.lines
}

// Sum identifies the table's contents ("" for no table): an index records the table its
// games were named with.
func (o *Openings) Sum() string {
	if o == nil {
		return ""
	}
	return o.sum
}

// OfPath is the opening of a main line given by its positions from the start (path[0]), and
// the plies it spans: "" and 0 when no line of the table begins it, or the game starts from a
// position of its own.
func (o *Openings) OfPath(path []engine.Position) (string, int) {
	if o.Len() == 0 || len(path) == 0 {
		return "", 0
	}
	v := path[0].Variant()
	n := o.roots[v]
	if n == nil || path[0] != v.Start() {
		return "", 0
	}
	name, plies := "", 0
	for i, p := range path[1:] {
		if n = n.next[p]; n == nil {
			break
		}
		if n.name != "" {
			name, plies = n.name, i+1
		}
	}
	return name, plies
}

// Of is the opening of a main line from start given by its moves as written, replayed only as
// far as the table's lines go.
func (o *Openings) Of(start engine.Position, moves []string) (string, int) {
	if o.Len() == 0 {
		return "", 0
	}
	v := start.Variant()
	n := o.roots[v]
	if n == nil || start != v.Start() {
		return "", 0
	}
	name, plies := "", 0
	p := start
	for i, tok := range moves {
		c, err := p.ParseChild(tok, nil)
		if err != nil {
			break
		}
		p = c.Position
		if n = n.next[p]; n == nil {
			break
		}
		if n.name != "" {
			name, plies = n.name, i+1
		}
	}
	return name, plies
}

// Names are the names of the table's lines that end in the position p, for the explorer,
// sorted.
func (o *Openings) Names(p engine.Position) []string {
	if o.Len() == 0 || p.Variant() == nil {
		return nil
	}
	var names []string
	var walk func(n *openingNode)
	walk = func(n *openingNode) {
		for at, next := range n.next {
			if at == p && next.name != "" {
				names = append(names, next.name)
			}
			walk(next)
		}
	}
	if root := o.roots[p.Variant()]; root != nil {
		walk(root)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// keyLines finds the line of each table header ([variant], key "") and of each key in it,
// for errors: the TOML decoder keeps no positions.
func keyLines(data []byte) map[[2]string]int {
	at := map[[2]string]int{}
	table := ""
	for i, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "["):
			end := strings.Index(l, "]")
			if end < 0 {
				continue
			}
			table = unquoteKey(strings.TrimSpace(l[1:end]))
			if _, ok := at[[2]string{table, ""}]; !ok {
				at[[2]string{table, ""}] = i + 1
			}
		case strings.HasPrefix(l, `"`) || strings.HasPrefix(l, "'") || l != "" && !strings.HasPrefix(l, "#"):
			k, _, ok := cutKey(l)
			if ok {
				at[[2]string{table, unquoteKey(k)}] = i + 1
			}
		}
	}
	return at
}

// cutKey splits a key = value line at the = that follows the key.
func cutKey(l string) (key, rest string, ok bool) {
	if q := l[0]; q == '"' || q == '\'' {
		for i := 1; i < len(l); i++ {
			if l[i] == '\\' && q == '"' {
				i++
				continue
			}
			if l[i] == q {
				_, rest, ok = strings.Cut(l[i+1:], "=")
				return l[:i+1], rest, ok
			}
		}
		return "", "", false
	}
	key, rest, ok = strings.Cut(l, "=")
	return strings.TrimSpace(key), rest, ok
}

func unquoteKey(k string) string {
	switch {
	case strings.HasPrefix(k, `"`):
		if s, err := strconv.Unquote(k); err == nil {
			return s
		}
	case strings.HasPrefix(k, "'") && strings.HasSuffix(k, "'") && len(k) >= 2:
		return k[1 : len(k)-1]
	}
	return k
}
