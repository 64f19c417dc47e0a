package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// checkWriteTarget checks, before the run, that the file path of the
// flag name (--save, --record) can be written: its folder exists and
// takes a file. Its errors name the flag and the file, as
// "--save FILE: cannot write there: WHY".
func checkWriteTarget(name, path string) error {
	if path == "" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("--%s %s: cannot write there: it is a folder", name, path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("--%s %s: cannot write there: the folder %s does not exist", name, path, dir)
	case err != nil:
		return fmt.Errorf("--%s %s: cannot write there: %w", name, path, bare(err))
	case !st.IsDir():
		return fmt.Errorf("--%s %s: cannot write there: %s is not a folder", name, path, dir)
	}
	f, err := os.CreateTemp(dir, ".btlua-"+name+"-check-*")
	if err != nil {
		return fmt.Errorf("--%s %s: cannot write there: %w", name, path, bare(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// fileError is err of opening or making path for what (a flag,
// "--restore", or the "replay" command), said as "WHAT PATH: cannot
// DO: WHY". WHY drops the "open PATH" of an *fs.PathError on path
// itself, which would name the file twice, and keeps the path of one on
// another file (a folder made on the way). Other errors are returned as
// they are.
func fileError(what, path, do string, err error) error {
	var pe *fs.PathError
	switch {
	case !errors.As(err, &pe):
		return err
	case pe.Path == path:
		return fmt.Errorf("%s %s: cannot %s: %w", what, path, do, pe.Err)
	}
	return fmt.Errorf("%s %s: cannot %s: %w", what, path, do, pe)
}

// bare is err without the operation and path of an *fs.PathError.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
