package sheets

import (
	"encoding/base64"
	"html/template"
	"io"
)

// HTML writes the round's pairing list and a score sheet per board as one page to print:
// on screen the sheets follow one another, in print each fills a page of the paper.
func (r *Round) HTML(w io.Writer, paper Paper) error {
	rows := make([]int, Lines/2)
	for i := range rows {
		rows[i] = i + 1
	}
	return page.Execute(w, struct {
		*Round
		Title, Facts string
		Paper        Paper
		Rows         []int
		Half         int
		W            map[string]string // the words, in the sheets' language
		Heading      map[string]string // each board's heading, by its label
		Lang         string
	}{r, r.title(), r.facts(), paper, rows, Lines / 2, r.words(), r.boardHeadings(), r.lang().Code()})
}

var page = template.Must(template.New("sheets").Funcs(template.FuncMap{
	"rating": rating,
	"add":    func(a, b int) int { return a + b },
	// qr is the board's QR code as a data: URL, the only image a sheet holds.
	"qr": func(png []byte) template.URL {
		return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
	},
	"mm": func(f float64) string { return template.HTMLEscapeString(formatMM(f)) },
}).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
@page { size: {{.Paper.Name}}; margin: 12mm; }
:root { color: #1d1a16; background: #fff; font: 11pt/1.35 "Helvetica Neue", Helvetica, Arial, sans-serif; }
body { margin: 0 auto; max-width: {{mm .Paper.W}}; padding: 0 12px; }
.sheet { padding: 8mm 0 12mm; border-bottom: 1px dashed #999; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 13pt; margin: 0 0 2mm; }
p.facts { margin: 0 0 5mm; color: #4a4238; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #1d1a16; padding: 1.6mm 2mm; text-align: left; vertical-align: middle; }
th { background: #eee8dc; }
td.n, th.n { width: 3em; text-align: right; }
td.res { width: 5em; text-align: center; }
.players { display: grid; grid-template-columns: 1fr 1fr auto; gap: 4mm; margin-bottom: 4mm; align-items: start; }
.players div { border: 1px solid #1d1a16; padding: 2mm; min-height: 12mm; }
.players small, .sign small { display: block; color: #4a4238; font-size: 8pt; text-transform: uppercase; letter-spacing: .04em; }
.players img { width: 28mm; height: 28mm; image-rendering: pixelated; }
.moves { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.moves td { height: 5.2mm; padding: 0 2mm; }
.result { margin: 4mm 0; }
.sign { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 4mm; margin-top: 6mm; }
.sign div { border-bottom: 1px solid #1d1a16; height: 12mm; }
@media print {
  :root { font-size: 10pt; }
  body { max-width: none; padding: 0; }
  .sheet { border: 0; padding: 0; break-after: page; page-break-after: always; }
  .sheet:last-child { break-after: auto; page-break-after: auto; }
  th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
</style>
</head>
<body>
<section class="sheet" id="pairings">
<h1>{{.Title}}</h1>
<p class="facts">{{.Facts}}</p>
<table>
<thead><tr><th class="n" scope="col">{{.W.board}}</th><th scope="col">{{.W.south}}</th><th class="n" scope="col">{{.W.rating}}</th><th class="res" scope="col">{{.W.result}}</th><th scope="col">{{.W.north}}</th><th class="n" scope="col">{{.W.rating}}</th></tr></thead>
<tbody>
{{- range .Boards}}
<tr><td class="n">{{.Label}}</td><td>{{.South}}</td><td class="n">{{rating .SouthRating}}</td><td class="res">{{.Result}}</td><td>{{.North}}</td><td class="n">{{rating .NorthRating}}</td></tr>
{{- end}}
</tbody>
</table>
{{- if .Byes}}
<p>{{range $i, $b := .Byes}}{{if $i}}; {{end}}{{$b.Player}}: {{index $.W $b.Kind}} ({{$b.Points}}){{end}}</p>
{{- end}}
</section>
{{- range $b := .Boards}}
<section class="sheet score" id="board-{{$b.Label}}">
<h2>{{index $.Heading $b.Label}}</h2>
<p class="facts">{{$.Facts}}</p>
<div class="players">
<div><small>{{$.W.first}}</small>{{$b.South}}{{with rating $b.SouthRating}} ({{.}}){{end}}</div>
<div><small>{{$.W.north}}</small>{{$b.North}}{{with rating $b.NorthRating}} ({{.}}){{end}}</div>
{{- if $b.QR}}
<img src="{{qr $b.QR}}" alt="{{$.W.qr}}">
{{- end}}
</div>
<div class="moves">
{{- range $col := (slice $.Rows 0 2)}}
<table>
<thead><tr><th class="n" scope="col">{{$.W.no}}</th><th scope="col">{{$.W.south}}</th><th scope="col">{{$.W.north}}</th></tr></thead>
<tbody>
{{- range $.Rows}}
<tr><td class="n">{{if eq $col 1}}{{.}}{{else}}{{add . $.Half}}{{end}}</td><td></td><td></td></tr>
{{- end}}
</tbody>
</table>
{{- end}}
</div>
<p class="result">{{$.W.tick}} ☐ 1-0 &nbsp; ☐ ½-½ &nbsp; ☐ 0-1</p>
<div class="sign"><div><small>{{$.W.signs}}</small></div><div><small>{{$.W.signn}}</small></div><div><small>{{$.W.arbiter}}</small></div></div>
</section>
{{- end}}
</body>
</html>
`))
