// Package notation reads, writes and verifies BGN (Bao Game Notation) records: the PGN-like text
// format of spec section 5, with tag pairs, movetext of move tokens (spec section 4), NAGs and
// suffix glyphs, {…} and ;… comments (Markdown) with [%…] commands, nested ( ) variations and
// results.
//
// Reading is lenient and streamed. A Scanner reads one record at a time through a fixed buffer,
// so a file of any number of games is read in flat memory; Parse reads them all:
//
//	sc := notation.NewScanner(f, "games.bgn")
//	for sc.Scan() {
//		rec := sc.Record() // sc.Errors(): its syntax errors, if any
//		…
//	}
//	err := sc.Err() // a read error
//
// Every token keeps its place (line and column, the column in characters), and every problem is
// an *Error that prints as "file:line:col: message", collected in an ErrorList. Its kind can be
// tested with errors.Is: ErrSyntax, ErrUnterminated, ErrNoVariant, ErrBadTag,
// ErrPositionMismatch, … and, for moves, the engine's kinds such as engine.ErrIllegalMove.
// Hostile input gets clear errors in bounded time and memory: variations nest at most 64 deep,
// a word (move token, tag name) is at most 256 bytes, and a record (so each of its comments and
// tag values) at most 1 MiB unless Scanner.SetMaxRecordSize says otherwise; after 20 errors in a
// game the rest of it is skipped.
//
// Writing is strict: Write and Format give the canonical export form (tags in spec order with
// "?" defaults, movetext lines shorter than 80 characters, move numbers regenerated, glyphs as
// NAGs, LF line ends, a blank line between games), and writing what was read is a fixed point
// after one pass. Comments stay where they were: a comment after a move belongs to it, one
// before the first move of the game or of a variation to the move that follows.
//
// A fragment writes its lost moves as a gap, "..." followed by a [%pos BPN] checkpoint and the
// number of the move after it: Stretches cuts its main line there, and Walk, Verify, Repairs and
// the printer take each stretch from its own start, numbered as the game (gap.go).
//
// Walk is the one way through a record: it plays the main line (and, if asked, every
// variation) through the engine once per move and hands each move to a visitor with the
// positions before and after it, the engine's trace if asked, and the error of a move that
// cannot be played. Everything that reads games is built on it.
//
// Verify walks the main line and every variation and checks the moves,
// the [%pos BPN] checkpoints, the result and PlyCount; after a main-line move that cannot be
// played it fills an illegible move ("?", "A?<", "a3?") or resynchronises with the best
// one-edit repair, and goes on. Repairs ranks the smallest sets of edits (replace, insert,
// delete) that make a whole main line legal, and Record.Repaired makes one, keeping what was
// written in [%was …] (docs/repair.md, docs/formats-repair.md). Replay gives the main line's
// moves and positions; FromGame makes a record of a game played through the engine; Validate
// verifies every record of a file, as `bao validate` does; Diagram draws a position as text.
package notation
