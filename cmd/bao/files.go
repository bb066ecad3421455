package main

import (
	"errors"
	"io"
	"os"

	"github.com/bao-archive/bao/archive"
	"github.com/bao-archive/bao/notation"
)

// stdinName is the file argument that means standard input, and the name it goes by in
// messages.
const stdinName = "-"

// recordFiles expands the FILE arguments of the commands that read records: a folder stands
// for the .bgn files under it (dot-folders skipped, path order), "-" for standard input, and
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
			return nil, errors.New(a + ": no " + archive.Ext + " files in this folder")
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
// to f with its syntax errors. A file that cannot be read is reported to bad and skipped, as
// one bad record never stops the rest.
func eachRecord(e *env, args []string, f func(*notation.Record, notation.ErrorList) error, bad func(error)) error {
	paths, err := recordFiles(args)
	if err != nil {
		return err
	}
	for _, path := range paths {
		r, name, err := openRecords(e, path)
		if err != nil {
			bad(err)
			continue
		}
		sc := notation.NewScanner(r, name)
		for sc.Scan() {
			if err := f(sc.Record(), sc.Errors()); err != nil {
				r.Close()
				return err
			}
		}
		r.Close()
		if err := sc.Err(); err != nil {
			bad(err)
		}
	}
	return nil
}
