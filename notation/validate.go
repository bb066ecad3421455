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
		errs := s.Errors()
		if errs == nil {
			errs = Verify(s.Record())
		}
		for _, e := range errs {
			report(e)
		}
	}
	return games, s.Err()
}
