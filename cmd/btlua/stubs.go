package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/btlua/btlua/lua/luasrc"
)

// stubsDir is the folder, inside the project, that --lua-stubs writes the
// LuaLS stubs to.
const stubsDir = "btlua-stubs"

// writeStubs is --lua-stubs DIR: it writes the Lua API's LuaLS stubs (the
// embedded lua/luasrc files: bt.lua, bt_classes.lua, btai.lua, goap.lua)
// into DIR/btlua-stubs (creating DIR, with its parents, when missing, and
// saying so) and makes DIR/.luarc.json name that folder in
// workspace.library, with runtime.version "Lua 5.1" when it sets none. An
// existing .luarc.json (JSON with comments, as LuaLS reads it) is edited
// in place: its comments and other settings are kept.
func writeStubs(dir string, stdout io.Writer) error {
	out := filepath.Join(dir, stubsDir)
	_, statErr := os.Stat(dir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if errors.Is(statErr, fs.ErrNotExist) {
		fmt.Fprintf(stdout, "created %s\n", dir)
	}
	n := 0
	err := fs.WalkDir(luasrc.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(luasrc.Files(), path)
		if err != nil {
			return err
		}
		n++
		return os.WriteFile(filepath.Join(out, path), b, 0o644)
	})
	if err != nil {
		return err
	}
	rc := filepath.Join(dir, ".luarc.json")
	if err := addLibrary(rc, stubsDir); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d files to %s and added %s to workspace.library in %s\n", n, out, stubsDir, rc)
	return nil
}

// addLibrary adds lib to the workspace.library list of the LuaLS
// configuration file path, a JSONC text (JSON with comments and trailing
// commas, as LuaLS reads it), edited in place so that its comments and
// other settings are kept (see withLibrary); it creates the file when
// there is none.
func addLibrary(path, lib string) error {
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.WriteFile(path, newLuarc(lib), 0o644)
	case err != nil:
		return err
	}
	out, changed, err := withLibrary(b, lib)
	if err != nil {
		return fmt.Errorf("%s is not a JSON object (comments and trailing commas allowed): %v: add %q to its workspace.library yourself", path, err, lib)
	}
	if !changed {
		return nil
	}
	return os.WriteFile(path, out, 0o644)
}
