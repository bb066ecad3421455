// Package site renders an archive of annotated Bao game records as a static web site.
//
// An archive is a folder tree of Markdown pages and BGN records. Build writes:
//
//   - a page per folder, from its index.md or README.md (the root's is the home page), listing
//     its collections, pages and games;
//   - a page per other Markdown file, per record file (its games, 100 a page) and per game:
//     tags, provenance, the moves with their annotations (Markdown, raw HTML off), NAGs as
//     symbols, variations, board diagrams, a table of every position (what readers without
//     JavaScript use), and a move-by-move viewer that sows each move seed by seed from the
//     engine's trace, all computed at build time. The games of club/cup.bgn are club/cup/1.html, club/cup/2.html,
//     ... (from game 1000 on, in folders of a thousand: club/cup/1000/1234.html). A game page
//     writes each position once, in its table; the viewer reads the positions from it and the
//     rest from one compact data block (the position's marks as letters, the sowing steps as
//     laps of runs of pits, their words as patterns written once; see viewerData), and the
//     script, styles and controls are the shared static files. A self-played Bao la Kiswahili
//     game of 55 plies is 24 KB (it was 50 KB with the positions written twice, verbose data
//     and an end-of-game board): 9 KB of table, 4 KB of data, 4 KB of board, 2 KB of moves;
//   - lists of games by variant, event, player and year, 100 a page, and a search page that
//     filters a compact index in the browser, loaded in chunks of 5,000 games as it needs them;
//   - an event page (event.html) for every folder with an event.toml (package event): the
//     standings with every tie-break, the crosstable and the rounds, each result linked to its
//     game, and the match scores (the rounds' pairings 100 a page: event.p2.html, ...);
//   - a page per player (players/NAME.html; spellings joined by event.Key, notation.Slug
//     and the archive's players.toml): ratings per family of games with their history drawn as an
//     inline SVG of at most 200 points, results by event, openings as South and as North,
//     then the player's games, 100 a page (players/NAME.p2.html, ...). Game pages link to
//     their event's page and their players' pages.
//
// A build holds in memory a row of about 150 bytes per game (its tags, for the lists and the
// search index) and the few games being written, one per core: memory grows with the archive
// by those rows only (a build of 100,000 self-played games peaked at 340 MB; 650 MB when one
// player's page held all their games). It keeps them, with each record file's checksum, in a manifest in the
// output folder, so that the next build rewrites only the pages of changed files. The event
// and player pages are made from the rows too (each keeps the game's round, rating result and
// opening): when any record file changed, all of them are rewritten, with the lists; when an
// event.toml or players.toml changed, the whole site is, as their names are in every game's
// links. "Also
// reached in" links under diagrams come from the archive's index (see archive), if it has one.
//
// A fenced block in any Markdown text draws a board:
//
//	```bao variant=kingulu move=A3
//	4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 -
//	```
//
// holds a position (BPN) of the game being annotated (variant= names it outside a game; move=
// plays a move first and marks its pits), or after=N for the position after ply N of the game.
// A block that cannot be drawn shows its error, file:line, in place.
//
// Usage:
//
//	s, err := site.New(site.Options{Title: "Bao archive"}) // once: goldmark and templates
//	rep, err := s.Build(ctx, os.DirFS("archive"), "public")
//	for _, w := range rep.Warnings { log.Print(w) }
//
// A live server (package site/server, bao serve) renders the same pages on demand from a
// Catalog (Site.Scan, Site.ReadCatalog): Catalog.Page renders any one page of the site, a
// game from its record file (from the record's offset that the archive's index keeps, or,
// without an index or if the file changed since it was indexed, reading the file up to it),
// and Catalog.LivePage a live search or exploration of the index.
package site
