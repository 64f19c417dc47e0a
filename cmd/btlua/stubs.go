package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/btlua/btlua/lua/luasrc"
)

// stubsDir is the folder, inside the project, that --lua-stubs writes the
// LuaLS stubs to.
const stubsDir = "btlua-stubs"

// writeStubs is --lua-stubs DIR: it writes the Lua API's LuaLS stubs (the
// embedded lua/luasrc files: bt.lua, bt_classes.lua, btai.lua, goap.lua)
// into DIR/btlua-stubs and makes DIR/.luarc.json name that folder in
// workspace.library, with runtime.version "Lua 5.1" when it sets none. An
// existing .luarc.json keeps its other settings.
func writeStubs(dir string, stdout io.Writer) error {
	out := filepath.Join(dir, stubsDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
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
// configuration file path (written flat, "workspace.library", unless the
// file nests it), creating the file when there is none.
func addLibrary(path, lib string) error {
	cfg := map[string]any{}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		if err := json.Unmarshal(b, &cfg); err != nil {
			return fmt.Errorf("%s is not a JSON object (%v): add %q to its workspace.library yourself", path, err, lib)
		}
	}
	holder, key := cfg, "workspace.library"
	if ws, ok := cfg["workspace"].(map[string]any); ok {
		holder, key = ws, "library"
	}
	libs, _ := holder[key].([]any)
	if !slices.Contains(libs, any(lib)) {
		holder[key] = append(libs, lib)
	}
	if _, nested := cfg["runtime"]; !nested {
		if _, ok := cfg["runtime.version"]; !ok {
			cfg["runtime.version"] = "Lua 5.1"
		}
	}
	b, err = json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
