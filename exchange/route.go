package exchange

import "github.com/bao-archive/bao/notation"

// Tally is what an import did with one input's games in one file of the sink.
type Tally struct {
	Path        string
	Read, Added int
	Dups        []Duplicate // the games not added: stored already
	Err         error       // the file takes no games: the first refusal
}

// Route says where an import puts its games: Out, a file, or with ToDir a folder, one file per
// input or per event (FileFor); Replace writes each file anew (Store).
type Route struct {
	Out          string
	ToDir        bool
	Replace      bool
	Format, Name string // the input's format and name
	Options      Options
}

// ImportInput reads one input of the route's format and stores its games in the sink as they
// are read (ImportEach), each in the file the route names. It returns the input's problems,
// a tally per file in the order first met, and the error that stopped the input.
func (s *Sink) ImportInput(rt Route, data []byte) (notation.ErrorList, []*Tally, error) {
	files := map[string]*Tally{}
	var order []*Tally
	problems, err := ImportEach(rt.Format, rt.Name, data, rt.Options, func(r *notation.Record) error {
		path := rt.Out
		if rt.ToDir {
			path = FileFor(rt.Out, rt.Name, r)
		}
		t := files[path]
		if t == nil {
			t = &Tally{Path: path}
			files[path] = t
			order = append(order, t)
		}
		t.Read++
		if t.Err != nil {
			return nil
		}
		where, dup, err := s.Store(path, r, rt.Replace)
		switch {
		case err != nil:
			t.Err = err
		case dup:
			t.Dups = append(t.Dups, Duplicate{r.Number, where})
		default:
			t.Added++
		}
		return nil
	})
	return problems, order, err
}
