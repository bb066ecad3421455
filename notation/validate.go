package notation

import "io"

// Validate reads every record of r and verifies it, passing each problem to report in order:
// a record with syntax errors gets those (it is not replayed), any other record the errors of
// Verify. It keeps going after a bad game and returns the number of games read; the error is
// a read error.
func Validate(file string, r io.Reader, report func(*Error)) (games int, err error) {
	s := NewScanner(r, file)
	for s.Scan() {
		games++
		for _, e := range problems(s.Record(), s.Errors()) {
			report(e)
		}
	}
	return games, s.Err()
}

// problems are a record's syntax errors or else Verify's findings; a panic while verifying is
// the record's problem too (ErrInternal).
func problems(rec *Record, syntax ErrorList) (errs ErrorList) {
	if syntax != nil {
		return syntax
	}
	defer func() {
		if p := recover(); p != nil {
			errs = append(errs, rec.Internal(p))
		}
	}()
	return Verify(rec)
}
