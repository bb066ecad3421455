package sheets

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// PDF writes the round's pairing list (page 1) and a score sheet per board (a page each) on
// paper. The text is set in the PDF's standard Helvetica, whose characters are those of
// Windows-1252: a name with others prints them as "?".
func (r *Round) PDF(w io.Writer, paper Paper) error {
	pdf := fpdf.New("P", "mm", paper.Name, "")
	pdf.SetCreationDate(time.Unix(0, 0).UTC()) // the same round prints the same bytes
	pdf.SetCatalogSort(true)
	pdf.SetTitle(r.title(), true)
	pdf.SetCreator("bao event sheets", true)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(false, margin)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	p := &printer{pdf: pdf, tr: tr, width: paper.W - 2*margin}
	p.pairings(r)
	for i, b := range r.Boards {
		p.scoreSheet(r, b, i)
	}
	return pdf.Output(w)
}

// margin is the space round every page, in millimetres.
const margin = 15

type printer struct {
	pdf   *fpdf.Fpdf
	tr    func(string) string
	width float64
}

func (p *printer) heading(title, facts string) {
	p.pdf.SetFont("Helvetica", "B", 16)
	p.pdf.CellFormat(p.width, 9, p.tr(title), "", 1, "L", false, 0, "")
	p.pdf.SetFont("Helvetica", "", 10)
	p.pdf.SetTextColor(74, 66, 56)
	p.pdf.CellFormat(p.width, 6, p.tr(facts), "", 1, "L", false, 0, "")
	p.pdf.SetTextColor(29, 26, 22)
	p.pdf.Ln(3)
}

// pairings prints the pairing list: one row per board, then the byes.
func (p *printer) pairings(r *Round) {
	p.pdf.AddPage()
	p.heading(r.title(), r.facts())
	num, res := 16.0, 22.0
	name := (p.width - 2*num - res - num) / 2
	widths := []float64{num, name, num, res, name, num}
	w := r.words()
	p.row(widths, []string{w["board"], w["south"], w["rating"], w["result"], w["north"], w["rating"]}, "LLRCLR", true, 8, margin)
	for _, b := range r.Boards {
		p.row(widths, []string{b.Label, b.South, rating(b.SouthRating), b.Result, b.North, rating(b.NorthRating)}, "RLRCLR", false, 8, margin)
		if p.pdf.GetY() > p.pageH()-margin-8 {
			p.pdf.AddPage()
		}
	}
	if len(r.Byes) > 0 {
		p.pdf.Ln(4)
		p.pdf.SetFont("Helvetica", "", 10)
		for _, b := range r.Byes {
			p.pdf.CellFormat(p.width, 6, p.tr(fmt.Sprintf("%s: %s (%s)", b.Player, w[b.Kind], b.Points)), "", 1, "L", false, 0, "")
		}
	}
}

func (p *printer) pageH() float64 {
	_, h := p.pdf.GetPageSize()
	return h
}

// scoreSheet prints board b's score sheet: the players, numbered move lines in two columns,
// the result to tick and three signatures.
func (p *printer) scoreSheet(r *Round, b Board, i int) {
	pdf := p.pdf
	pdf.AddPage()
	w := r.words()
	p.heading(r.boardHeadings()[b.Label], r.facts())
	qr := 0.0
	if len(b.QR) > 0 {
		qr = 28
		name := "qr" + strconv.Itoa(i)
		pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(b.QR))
		pdf.ImageOptions(name, margin+p.width-qr, pdf.GetY(), qr, qr, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
	box := (p.width - qr - 4) / 2
	if qr > 0 {
		box = (p.width - qr - 8) / 2
	}
	y := pdf.GetY()
	for k, side := range []struct{ label, name string }{
		{strings.ToUpper(w["first"]), withRating(b.South, b.SouthRating)},
		{strings.ToUpper(w["north"]), withRating(b.North, b.NorthRating)},
	} {
		x := margin + float64(k)*(box+4)
		pdf.Rect(x, y, box, 16, "D")
		pdf.SetXY(x+2, y+1.5)
		pdf.SetFont("Helvetica", "", 7)
		pdf.CellFormat(box-4, 4, p.tr(side.label), "", 2, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 11)
		pdf.CellFormat(box-4, 7, p.tr(side.name), "", 0, "L", false, 0, "")
	}
	pdf.SetXY(margin, y+max(16, qr)+4)
	// The move lines: two columns of Lines/2, each "No. | South | North".
	col := (p.width - 6) / 2
	widths := []float64{12, (col - 12) / 2, (col - 12) / 2}
	top := pdf.GetY()
	lineH := (p.pageH() - margin - 40 - top) / float64(Lines/2+1)
	for c := range 2 {
		pdf.SetXY(margin+float64(c)*(col+6), top)
		p.row(widths, []string{w["no"], w["south"], w["north"]}, "RLL", true, lineH, margin+float64(c)*(col+6))
		for n := 1; n <= Lines/2; n++ {
			p.row(widths, []string{strconv.Itoa(c*Lines/2 + n), "", ""}, "RLL", false, lineH, margin+float64(c)*(col+6))
		}
	}
	pdf.SetXY(margin, pdf.GetY()+5)
	pdf.SetFont("Helvetica", "", 11)
	pdf.CellFormat(p.width, 7, p.tr(w["tick"]+"   [  ] 1-0     [  ] ½-½     [  ] 0-1"), "", 1, "L", false, 0, "")
	y = pdf.GetY() + 14
	third := (p.width - 8) / 3
	for k, who := range []string{w["signs"], w["signn"], w["arbiter"]} {
		x := margin + float64(k)*(third+4)
		pdf.Line(x, y, x+third, y)
		pdf.SetXY(x, y+1)
		pdf.SetFont("Helvetica", "", 7)
		pdf.CellFormat(third, 4, p.tr(strings.ToUpper(who)), "", 0, "L", false, 0, "")
	}
}

// row prints one row of cells of the given widths from x; head rows are shaded and bold.
func (p *printer) row(widths []float64, cells []string, aligns string, head bool, h, x float64) {
	p.pdf.SetX(x)
	style := ""
	if head {
		style = "B"
		p.pdf.SetFillColor(238, 232, 220)
	}
	p.pdf.SetFont("Helvetica", style, 9)
	for i, c := range cells {
		p.pdf.CellFormat(widths[i], h, p.tr(c), "1", 0, aligns[i:i+1], head, 0, "")
	}
	p.pdf.SetXY(x, p.pdf.GetY()+h)
}

// withRating is a player's name with the rating after it, if any.
func withRating(name string, r int) string {
	if r <= 0 {
		return name
	}
	return fmt.Sprintf("%s (%d)", name, r)
}

// formatMM writes a length for CSS.
func formatMM(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) + "mm" }
