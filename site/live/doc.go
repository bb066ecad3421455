// Package live records the games of an event from phones and broadcasts them while they are
// played, for `bao serve` on an event folder.
//
// Recording: each board of a round has a secret link (event.Links), /record/<secret>, whose
// page records the board by tapping pits; the page and any other client write through
// POST <link>/moves with {"ply":P,"move":"A6<*"}. A move is acknowledged (200) only once the
// crash-safe recorder (notation/recorder) has it on disk; a move sent again for its ply
// changes nothing, a different one there is refused (409) with the moves the record holds,
// an illegal one (422) with the legal ones. Each write holds the board's lock
// (event.LockBoard), so `bao record --event` and the server never both write a board. The
// event's arbiter link may write every board, under <link>/<round>.<board>.
//
// Broadcast: the round pages (/live/round-N.html), the live game pages (/live/N.B.html) and
// the site's own event and game pages follow the event by Server-Sent Events from
// /live/stream: each change is pushed as the board's whole state, so that a spectator who
// joins late, or misses a message, is shown the game as it stands.
package live
