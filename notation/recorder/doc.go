// Package recorder keeps a game record while the game is played: each move is checked by the
// engine the moment it is entered, and every accepted change is on disk before the next one
// is read.
//
// A Session holds one record in one .bgn file. Exec takes one line, a move token or a command
// (undo, comment, nag, clock, result, resign, draw, …), and after every change the whole record
// is written anew in canonical BGN to a temporary file beside it, synced, and renamed over it,
// so a crash or a kill at any moment leaves either the record before the change or the record
// after it, never a torn file. Resume continues an unfinished record from its file.
//
//	s, err := recorder.Create("final.bgn", tags, engine.Kiswahili.Start())
//	reply, err := s.Exec("A6<*")   // err explains a rejected entry; nothing is written for it
//	reply, err = s.Exec("comment the usual opening")
package recorder
