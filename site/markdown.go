package site

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"path"
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
	b       *build
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

// diagram resolves one ```bao block: its info string (```bao variant=kingulu move=A3) and its
// body, one line holding a BPN or after=N (the position after ply N of this game).
func (dc *docContext) diagram(info, body string) (*diagramView, error) {
	v := dc.variant
	var move string
	keyOnly := false
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
		case "key":
			keyOnly = true
		default:
			return nil, fmt.Errorf("unknown diagram option %q (want variant=, move= or key)", a)
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
	if len(lines) != 1 {
		return nil, fmt.Errorf("a diagram holds one line, a position (BPN) or after=N; found %d", len(lines))
	}
	var pos engine.Position
	var h board.Highlight
	caption := ""
	if arg, ok := strings.CutPrefix(lines[0], "after="); ok {
		g := dc.game
		if g == nil {
			return nil, fmt.Errorf("after=%s needs a game: use it in a record's comments", arg)
		}
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || n > g.plies {
			return nil, fmt.Errorf("after=%s: want a ply from 0 to %d", arg, g.plies)
		}
		nd := g.nodes[n]
		pos, h, caption = nd.pos, nd.marks, g.caption(dc.b.l, nd)
	} else {
		if v == nil {
			return nil, fmt.Errorf("no variant for this position: write ```bao variant=ID")
		}
		var err error
		if pos, err = engine.ParsePosition(v, lines[0]); err != nil {
			return nil, err
		}
	}
	if move != "" {
		m, err := pos.ParseMove(move)
		if err != nil {
			return nil, err
		}
		next, tr, err := pos.Trace(m)
		if err != nil {
			return nil, err
		}
		pos, h, caption = next, board.Trace(next.Variant(), tr), dc.b.l.T("diagram.after", "Move", next.Variant().FormatMove(tr.Move))
	}
	b := board.New(dc.b.l, pos, h)
	b.Caption = caption
	dv := &diagramView{Board: b, Root: dc.root}
	if v := pos.Variant(); dc.key(v) { // the first diagram of each game carries its key
		dv.Legend = board.Legend(dc.b.l, v)
	}
	dv.Others, dv.More = dc.b.others(pos, dc.game)
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
