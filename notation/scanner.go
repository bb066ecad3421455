package notation

import "io"

// Scanner reads the records of a BGN file one at a time, like bufio.Scanner: the file is
// never held in memory whole, so a file of any number of games is read in flat memory.
//
//	sc := notation.NewScanner(f, "games.bgn")
//	for sc.Scan() {
//		rec := sc.Record() // sc.Errors() lists its syntax errors, if any
//	}
//	if err := sc.Err(); err != nil { … } // a read error
//
// A record with syntax errors is still returned, holding what could be read, and scanning goes
// on with the next game.
type Scanner struct {
	p    *parser
	rec  *Record
	errs ErrorList
}

// NewScanner returns a Scanner reading from r; file names the source in positions and errors.
func NewScanner(r io.Reader, file string) *Scanner {
	return &Scanner{p: newParser(r, file)}
}

// NewScannerAt returns a Scanner reading on from the middle of a file: r starts at the first
// byte of record number (1-based), whose first token is at pos, as Offset and Record().Pos
// gave them when the file was scanned before. Positions and game numbers then read as in the
// whole file, so a reader can seek to one record instead of reading all those before it.
func NewScannerAt(r io.Reader, file string, pos Pos, number int) *Scanner {
	s := NewScanner(r, file)
	s.p.lx.line, s.p.lx.col = pos.Line, pos.Col
	s.p.number = number - 1
	return s
}

// Offset is the byte offset in the input of the first token of the record read by the last
// Scan (a byte order mark counts; for a Scanner made by NewScannerAt, from where r started).
func (s *Scanner) Offset() int64 { return s.p.recStart }

// EscapeLines counts the % escape lines read so far. They are not part of any record, and
// the writer, like PGN's export form, does not keep them.
func (s *Scanner) EscapeLines() int { return s.p.lx.escapes }

// SetMaxRecordSize sets the largest record, in bytes, that the scanner reads (default 1 MiB);
// a larger one is reported as too large and skipped. Call it before the first Scan.
func (s *Scanner) SetMaxRecordSize(n int) {
	s.p.max = int64(n)
	s.p.lx.limit = n
}

// Scan reads the next record. It returns false at the end of the input or on a read error.
func (s *Scanner) Scan() bool {
	s.rec, s.errs = s.p.record()
	return s.rec != nil
}

// Record returns the record read by the last Scan.
func (s *Scanner) Record() *Record { return s.rec }

// Errors returns the syntax errors of the record read by the last Scan.
func (s *Scanner) Errors() ErrorList { return s.errs }

// Err returns the read error that stopped the scan, or nil at the end of the input. It is an
// *Error at the place reading stopped.
func (s *Scanner) Err() error {
	if e := s.p.lx.err; e != nil {
		return &Error{File: s.p.file, Pos: s.p.lx.pos(), Err: e}
	}
	return nil
}

// Parse reads every record of r. The error, if not nil, is an ErrorList of the syntax errors
// and any read error; the records hold what could be read.
func Parse(file string, r io.Reader) ([]*Record, error) {
	s := NewScanner(r, file)
	var recs []*Record
	var errs ErrorList
	for s.Scan() {
		recs = append(recs, s.Record())
		errs = append(errs, s.Errors()...)
	}
	if err := s.Err(); err != nil {
		errs.Add(err.(*Error))
	}
	return recs, errs.Err()
}
