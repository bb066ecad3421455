package main

import (
	"bufio"
	"errors"
	"io"
	"os"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/archive/tree"
	"github.com/bao-archive/bao/notation"
)

// stdinName is the file argument that means standard input, and the name it goes by in
// messages.
const stdinName = "-"

// recordFiles expands the FILE arguments of the commands that read records: a folder stands
// for the record files under it (archive.RecordFiles: the files the index reads, path order), "-" for standard input, and
// anything else for itself. A folder without records is an error: the user meant something.
func recordFiles(args []string) ([]string, error) {
	var paths []string
	for _, a := range args {
		st, err := os.Stat(a)
		if a == stdinName || err != nil || !st.IsDir() {
			paths = append(paths, a) // a missing file is reported when it is opened, in order
			continue
		}
		files, err := archive.RecordFiles(a)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, errors.New(a + ": no " + tree.Ext + " files in this folder")
		}
		paths = append(paths, files...)
	}
	return paths, nil
}

// openRecords opens a file argument for reading: "-" is standard input, named "stdin" in
// messages.
func openRecords(e *env, path string) (io.ReadCloser, string, error) {
	if path == stdinName {
		return io.NopCloser(e.in), "stdin", nil
	}
	f, err := os.Open(path)
	return f, path, err
}

// eachRecord reads every record of the files (expanded by recordFiles) in order and passes it
// to f with its syntax errors and a function that reports a problem. A file that cannot be
// read is reported and skipped, as one bad record never stops the rest. On a terminal a
// progress bar shows the bytes read; problems are printed above it. failed tells whether
// any problem was reported.
func eachRecord(e *env, args []string, f func(r *notation.Record, errs notation.ErrorList, bad func(error)) error) (failed bool, err error) {
	paths, err := recordFiles(args)
	if err != nil {
		return false, err
	}
	var total int64
	for _, path := range paths {
		if st, err := os.Stat(path); err == nil && path != stdinName {
			total += st.Size()
		}
	}
	p := newProgress(e.err, total, "bytes")
	defer p.Finish()
	bad := func(err error) {
		p.Print(err.Error() + "\n")
		failed = true
	}
	for _, path := range paths {
		r, name, err := openRecords(e, path)
		if err != nil {
			bad(err)
			continue
		}
		p.Describe(name)
		sc := notation.NewScanner(countingReader{r, p}, name)
		for sc.Scan() {
			if err := f(sc.Record(), sc.Errors(), bad); err != nil {
				r.Close()
				return failed, err
			}
		}
		r.Close()
		if err := sc.Err(); err != nil {
			bad(err)
		}
	}
	return failed, nil
}

// output is where a command writes what it makes as it goes: standard output, or a file
// through notation.CreateFile, which appears whole at Commit or not at all.
type output struct {
	*bufio.Writer
	f *notation.File // nil for standard output
}

// createOutput starts the output to path, or to standard output when path is "".
func createOutput(e *env, path string) (*output, error) {
	if path == "" {
		return &output{Writer: bufio.NewWriter(e.out)}, nil
	}
	f, err := notation.CreateFile(path)
	if err != nil {
		return nil, err
	}
	return &output{Writer: bufio.NewWriter(f), f: f}, nil
}

// Commit writes out what is buffered and puts the file in place.
func (o *output) Commit() error {
	err := o.Flush()
	switch {
	case o.f == nil:
		return err
	case err != nil:
		return o.f.Fail(err) // says that the file keeps its old contents
	}
	return o.f.Commit()
}

// Abort leaves the file as it was; after Commit it does nothing.
func (o *output) Abort() {
	if o.f != nil {
		o.f.Abort()
	}
}
