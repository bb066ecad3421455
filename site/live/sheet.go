package live

import (
	"bytes"
	"encoding/base64"
	"html/template"
	"strings"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/site"
)

// sheetCard is one board on the printed sheet of links.
type sheetCard struct {
	event.BoardLink
	URL string       // the link as the phones open it
	QR  template.URL // a PNG data: address, "" without the server's address
}

// WriteSheet writes the printable sheet of a round's recording links, one card per board to
// cut out and put by the board, and returns its path (event.WriteSheet). base is the server's
// address as the phones reach it ("http://192.168.1.10:8080"); with it each card has a QR
// code, without it the cards give the links to type after the address. The sheet is in
// language l.
func WriteSheet(dir, eventName string, links *event.RoundLinks, base string, l *lang.Lang) (string, error) {
	base = strings.TrimRight(base, "/")
	data := struct {
		Event string
		Round int
		Base  string
		Cards []sheetCard
	}{Event: eventName, Round: links.Round, Base: base}
	for _, l := range links.Boards {
		c := sheetCard{BoardLink: l, URL: base + l.Link}
		if base != "" {
			png, err := event.QRCode(c.URL, 256)
			if err != nil {
				return "", err
			}
			// A data: address of our own PNG, never of anything a user typed.
			c.QR = template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
		}
		data.Cards = append(data.Cards, c)
	}
	t, err := template.New("").Funcs(site.Funcs(l)).ParseFS(assets, "assets/sheet.html")
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "sheet", data); err != nil {
		return "", err
	}
	return event.WriteSheet(dir, links.Round, b.Bytes())
}
