// Package site renders an archive of annotated Bao game records as a static web site.
//
// An archive is a folder tree of Markdown pages and BGN records. Build writes:
//
//   - a page per folder, from its index.md or README.md (the root's is the home page), listing
//     its collections, pages and games;
//   - a page per other Markdown file and per game: tags, provenance, the moves with their
//     annotations (Markdown, raw HTML off), NAGs as symbols, variations, board diagrams, a
//     table of every position (what readers without JavaScript use), and a move-by-move viewer
//     that sows each move seed by seed from the engine's trace, all computed at build time;
//   - lists of games by variant, event, player and year, and a search page that filters a JSON
//     index in the browser;
//   - an event page (event.html) for every folder with an event.toml (package event): the
//     standings with every tie-break, the crosstable and the rounds, each result linked to its
//     game, and the match scores;
//   - a page per player (players/NAME.html; spellings joined by event.Key and the archive's
//     players.toml): ratings per family of games with their history drawn as an inline SVG,
//     results by event, openings as South and as North, and every game. Game pages link to
//     their event's page and their players' pages.
//
// A fenced block in any Markdown text draws a board:
//
//	```bao variant=kingulu move=A3
//	4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -
//	```
//
// holds a position (BPN) of the game being annotated (variant= names it outside a game; move=
// plays a move first and marks its pits), or after=N for the position after ply N of the game.
// A block that cannot be drawn shows its error, file:line, in place. A record that cannot be
// drawn at all (no variant bao knows, a bad Position tag, a file that cannot be read) gets a
// problem page with its located messages; it never stops the others. Build removes the pages
// an earlier Build made and this one does not.
//
// Usage:
//
//	s, err := site.New(site.Options{Title: "Bao archive"}) // once: goldmark and templates
//	src, err := archive.OpenRoot("archive") // links that leave the folder are not followed
//	rep, err := s.Build(ctx, src, "public")
//	for _, w := range rep.Warnings { log.Print(w) }
//
// A Server (Site.NewServer, then Serve) builds the same site in memory, serves it (nothing but
// the built files), rebuilds it when the archive's pages or records change, and, given the
// archive's index in Options.Index, answers live searches at /search?… and /explore?….
// Serve sets read, write and idle timeouts, answers only requests whose Host names the address
// it listens on, localhost or one of Server.AllowHosts (a defence against DNS rebinding),
// warns when the address is reachable from other machines, and turns a panic in one request
// into a 500. Only regular files inside the archive are read: links that leave it, FIFOs and
// devices are skipped with a warning.
package site
