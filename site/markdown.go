package site

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/site/board"
)

// newMarkdown builds the Site's one goldmark instance: GFM (tables, strikethrough, autolinks,
// task lists) and the board-diagram extension. Raw HTML stays off (goldmark's default), so
// annotations cannot inject markup or scripts. A table column's alignment is an align
// attribute rather than GFM's default style attribute, which the pages' Content-Security-Policy
// (no 'unsafe-inline' styles) would ignore.
func newMarkdown(s *Site) goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(extension.Linkify,
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough, extension.TaskList, &boardExtension{s: s}))
}

// docContext is what one Markdown text may refer to: where it comes from (for error messages
// and relative links) and, in a record's comments, the game.
type docContext struct {
	b       *catalogue
	file    string // archive-relative source file
	line    int    // line of file on which the text's first line stands
	root    string // from the page being written to the site root: "", "../", ...
	variant *engine.Variant
	game    *game
	keyed   map[*engine.Variant]bool // games whose key a diagram of the text already shows
}

// warn reports a problem of the text: with its game's, in a record's comments.
func (dc *docContext) warn(msg string) {
	if dc.game != nil {
		dc.game.warnings = append(dc.game.warnings, msg)
		return
	}
	dc.b.warn(msg)
}

// markdown renders Markdown text to HTML in three steps: goldmark parses it (its extension only
// swaps ```bao blocks for board nodes), resolve draws the diagrams and points the links at the
// built pages with what the text may refer to, and goldmark renders the result. goldmark
// escapes all text, omits raw HTML and blanks dangerous link destinations, and our diagrams
// escape what they write.
func (s *Site) markdown(src string, dc *docContext) template.HTML {
	source := []byte(src)
	doc := s.md.Parser().Parse(text.NewReader(source))
	dc.resolve(doc, source)
	var b bytes.Buffer
	if err := s.md.Renderer().Render(&b, source, doc); err != nil {
		dc.warn(fmt.Sprintf("%s:%d: %v", dc.b.where(dc.file), dc.line, err))
	}
	return trustedHTML(b.String())
}

// resolve draws the board nodes of a parsed text and maps its links (see rewrite).
func (dc *docContext) resolve(doc ast.Node, src []byte) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *boardNode:
			n.lang = dc.b.l.Code()
			n.view, n.err = dc.diagram(n.info, n.body)
			if n.err != nil {
				n.err = fmt.Errorf("%s:%d: %v", dc.b.where(dc.file), dc.line+lineOf(src, n.start), n.err)
				dc.warn(n.err.Error())
			}
		case *ast.Link:
			n.Destination = dc.rewrite(n.Destination)
		case *ast.Image:
			n.Destination = dc.rewrite(n.Destination)
		}
		return ast.WalkContinue, nil
	})
}

// boardExtension turns ```bao fenced blocks into board nodes, drawn by the "diagram" template
// once Site.markdown has resolved them.
type boardExtension struct{ s *Site }

func (e *boardExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(boardTransformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(&boardRenderer{s: e.s}, 100)))
}

// kindBoard is the AST node kind of a diagram.
var kindBoard = ast.NewNodeKind("BaoBoard")

// boardNode is a ```bao block: its info string and body, and once resolved, a diagram to draw
// or the error to show instead.
type boardNode struct {
	ast.BaseBlock
	info, body string
	start      int // offset of the block's first line in the text, for error positions
	view       *diagramView
	err        error
	lang       string // the language of the page it is drawn on
}

func (n *boardNode) Kind() ast.NodeKind { return kindBoard }

func (n *boardNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// diagramView is the data of the "diagram" template.
type diagramView struct {
	Board  *board.Board // nil for a key alone (```bao variant=kete key, no position)
	Others []link
	More   int
	Root   string
	Legend template.HTML // the key to the board's marks (board.Legend)
}

// boardTransformer swaps each ```bao block for a boardNode, and does nothing else.
type boardTransformer struct{}

func (boardTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var blocks []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering && string(f.Language(src)) == "bao" {
			blocks = append(blocks, f)
		}
		return ast.WalkContinue, nil
	})
	for _, f := range blocks {
		var body strings.Builder
		for i := range f.Lines().Len() {
			line := f.Lines().At(i)
			body.Write(line.Value(src))
		}
		n := &boardNode{info: string(f.Info.Segment.Value(src)), body: body.String(), start: blockStart(f)}
		f.Parent().ReplaceChild(f.Parent(), f, n)
	}
}

// blockStart is the offset of a fenced block's first content line (of its info string if it
// is empty).
func blockStart(f *ast.FencedCodeBlock) int {
	if f.Lines().Len() > 0 {
		return f.Lines().At(0).Start
	}
	return f.Info.Segment.Start
}

// lineOf counts the line breaks before offset: 0 on the text's first line.
func lineOf(src []byte, offset int) int { return bytes.Count(src[:offset], []byte("\n")) }

// diagram resolves one ```bao block: its info string and its body. The info string may say
// variant=ID, game=PATH#N ply=K (the position after ply K of game N of a record file of the
// archive, PATH relative to the archive; #N defaults to 1, ply to the game's end), move=MOVE
// (the position after MOVE, with its sowing marked) or toplay[=MOVE] (the position as it is,
// "South to play", MOVE's pit marked but the move not played). The body is one line, a BPN or
// after=K (the position after ply K of this game, in a record's comments), or nothing with game=.
func (dc *docContext) diagram(info, body string) (*diagramView, error) {
	v := dc.variant
	var move, gameRef, plyArg, toPlay string
	toPlaySet, keyOnly := false, false
	for _, a := range strings.Fields(info)[1:] {
		key, val, _ := strings.Cut(a, "=")
		switch key {
		case "variant":
			var err error
			if v, err = engine.LookupVariant(val); err != nil {
				return nil, err
			}
		case "move":
			move = val
		case "game":
			gameRef = val
		case "ply":
			plyArg = val
		case "toplay":
			toPlay, toPlaySet = val, true
		case "key":
			keyOnly = true
		default:
			return nil, fmt.Errorf("unknown diagram option %q (want variant=, game=, ply=, move=, toplay= or key)", a)
		}
	}
	if keyOnly {
		// The key to a game's boards, drawn with the boards' own classes: the one source of
		// what each mark looks like and means.
		if v == nil || strings.TrimSpace(body) != "" {
			return nil, fmt.Errorf("a key is written ```bao variant=ID key, with nothing inside")
		}
		dc.key(v)
		return &diagramView{Root: dc.root, Legend: board.Legend(dc.b.l, v)}, nil
	}
	var lines []string
	for l := range strings.Lines(body) {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	switch {
	case move != "" && toPlaySet:
		return nil, fmt.Errorf("move= plays a move and toplay= marks one unplayed: give one of them")
	case plyArg != "" && gameRef == "":
		return nil, fmt.Errorf("ply=%s needs game=PATH#N (or after=%s in a record's comments)", plyArg, plyArg)
	case gameRef != "" && len(lines) != 0:
		return nil, fmt.Errorf("a diagram of game=%s holds no position line; found %d", gameRef, len(lines))
	case gameRef == "" && len(lines) != 1:
		return nil, fmt.Errorf("a diagram holds one line, a position (BPN) or after=N; found %d", len(lines))
	}
	var pos engine.Position
	var h board.Highlight
	caption := ""
	others := dc.game
	switch arg, after := "", false; {
	case gameRef != "":
		g, err := dc.b.gameOf(gameRef)
		if err != nil {
			return nil, err
		}
		nd, err := g.nodeAfter("ply", plyArg)
		if err != nil {
			return nil, fmt.Errorf("game=%s: %w", gameRef, err)
		}
		pos, h, caption, others = nd.pos, nd.marks, g.title(dc.b.l)+", "+g.caption(dc.b.l, nd), g
	case func() bool { arg, after = strings.CutPrefix(lines[0], "after="); return after }():
		g := dc.game
		if g == nil {
			return nil, fmt.Errorf("after=%s needs a game: use it in a record's comments, or write game=PATH#N ply=%s", arg, arg)
		}
		nd, err := g.nodeAfter("after", arg)
		if err != nil {
			return nil, err
		}
		pos, h, caption = nd.pos, nd.marks, g.caption(dc.b.l, nd)
	default:
		if v == nil {
			return nil, fmt.Errorf("no variant for this position: write ```bao variant=ID")
		}
		var err error
		if pos, err = engine.ParsePosition(v, lines[0]); err != nil {
			return nil, err
		}
	}
	switch {
	case move != "":
		m, err := pos.ParseMove(move)
		if err != nil {
			return nil, err
		}
		next, tr, err := pos.Trace(m)
		if err != nil {
			return nil, err
		}
		pos, h, caption = next, board.Trace(next.Variant(), tr), dc.b.l.T("diagram.after", "Move", next.Variant().FormatMove(tr.Move))
	case toPlaySet:
		side := dc.b.l.T("side." + pos.ToMove().String())
		where := caption // the game's, kept before what is to play
		h, caption = nil, dc.b.l.T("diagram.toplay", "Side", side)
		if toPlay != "" {
			m, err := pos.ParseMove(toPlay)
			if err != nil {
				return nil, fmt.Errorf("toplay=%s: %w", toPlay, err)
			}
			_, tr, err := pos.Trace(m)
			if err != nil {
				return nil, err
			}
			h = board.Trace(pos.Variant(), tr)
			for k := range h {
				h[k] &= board.From // the pit it starts from, nothing of what it does
			}
			caption = dc.b.l.T("diagram.toplay.move", "Side", side, "Move", pos.Variant().FormatMove(tr.Move))
		}
		if where != "" {
			caption = where + " — " + caption
		}
	}
	b := board.New(dc.b.l, pos, h)
	b.Caption = caption
	dv := &diagramView{Board: b, Root: dc.root}
	if v := pos.Variant(); dc.key(v) { // the first diagram of each game carries its key
		dv.Legend = board.Legend(dc.b.l, v)
	}
	dv.Others, dv.More = dc.b.others(pos, others)
	return dv, nil
}

// key notes that the text shows game v's key, and says whether it did not already.
func (dc *docContext) key(v *engine.Variant) bool {
	if dc.keyed[v] {
		return false
	}
	if dc.keyed == nil {
		dc.keyed = map[*engine.Variant]bool{}
	}
	dc.keyed[v] = true
	return true
}

// gameOf reads game N of an archive record file, named PATH#N (#N defaults to 1), and
// replays it as its page does.
func (b *catalogue) gameOf(ref string) (*game, error) {
	file, num, hasNum := strings.Cut(ref, "#")
	n := 1
	if hasNum {
		var err error
		if n, err = strconv.Atoi(num); err != nil || n < 1 {
			return nil, fmt.Errorf("game=%s: #%s is not a game number (from 1)", ref, num)
		}
	}
	file = path.Clean(file)
	if _, ok := slices.BinarySearch(b.records, file); !ok {
		return nil, fmt.Errorf("game=%s: the archive has no record file %s", ref, file)
	}
	var g *game
	count := 0
	err := scanGames(b.src, file, b.where(file), func(k int, several bool, rec *notation.Record, errs notation.ErrorList) error {
		count = k
		if k == n {
			g = newGame(file, b.where(file), k, several, rec, errs)
			return errFound
		}
		return nil
	})
	switch {
	case g != nil:
		return g, nil
	case err != nil:
		return nil, fmt.Errorf("game=%s: %w", ref, err)
	}
	return nil, fmt.Errorf("game=%s: %s holds %d games, not %d", ref, file, count, n)
}

// nodeAfter finds the main-line node after ply arg of the game ("" for its end), numbered as
// in the game; key names the option, for errors.
func (g *game) nodeAfter(key, arg string) (*node, error) {
	last := 0
	for i := 1; i <= g.plies && i < len(g.nodes); i++ {
		last = g.nodes[i].depth
	}
	if arg == "" {
		return g.nodes[min(g.plies, len(g.nodes)-1)], nil
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 || n > last {
		return nil, fmt.Errorf("%s=%s: want a ply from 0 to %d", key, arg, last)
	}
	if n == 0 {
		return g.nodes[0], nil
	}
	for i := 1; i <= g.plies && i < len(g.nodes); i++ {
		if nd := g.nodes[i]; nd.depth == n { // a gap's: its checkpoint
			return nd, nil
		}
	}
	return nil, fmt.Errorf("%s=%s: ply %d is lost in a gap (...) of the record", key, arg, n)
}

// boardRenderer writes boardNodes through the "diagram" template.
type boardRenderer struct{ s *Site }

func (r *boardRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindBoard, r.render)
}

func (r *boardRenderer) render(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*boardNode)
	var err error
	if n.err != nil {
		err = r.s.tmpl[n.lang].shared.ExecuteTemplate(w, "diagram-error", n.err.Error())
	} else {
		err = r.s.tmpl[n.lang].shared.ExecuteTemplate(w, "diagram", n.view)
	}
	return ast.WalkSkipChildren, err
}

// rewrite points a relative link to a Markdown page or a record at its built page
// (kingulu.md -> kingulu.html, game.bgn -> game/index.html) and drops any link with a scheme
// other than http, https or mailto (goldmark already blanks javascript: and the like; this is
// the second lock on that door).
func (dc *docContext) rewrite(dest []byte) []byte {
	u, err := url.Parse(string(dest))
	if err != nil {
		return nil
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "mailto":
		return dest
	case "":
	default:
		return nil
	}
	if u.Host != "" || u.Path == "" || strings.HasPrefix(u.Path, "/") {
		return dest
	}
	target := path.Join(path.Dir(dc.file), u.Path)
	href, ok := dc.b.pageOf(target)
	if !ok {
		return dest
	}
	u.Path = dc.root + href
	return []byte(u.String())
}
