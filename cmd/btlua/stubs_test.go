package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/luasrc"
)

// --lua-stubs DIR writes every stub file and a .luarc.json naming them; run
// again over a project's own .luarc.json it keeps the project's settings
// and adds the library once.
func TestLuaStubs(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI("--lua-stubs", dir)
	if code != exitOK || errOut != "" || !strings.HasPrefix(out, "wrote 4 files to ") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, name := range []string{"bt.lua", "bt_classes.lua", "btai.lua", "goap.lua"} {
		got, err := os.ReadFile(filepath.Join(dir, "btlua-stubs", name))
		want, _ := fs.ReadFile(luasrc.Files(), name)
		if err != nil || string(got) != string(want) || len(want) == 0 {
			t.Errorf("%s: %v, %d bytes, want the %d embedded bytes", name, err, len(got), len(want))
		}
	}
	readRC := func() map[string]any {
		t.Helper()
		var cfg map[string]any
		b, err := os.ReadFile(filepath.Join(dir, ".luarc.json"))
		if err != nil || json.Unmarshal(b, &cfg) != nil {
			t.Fatalf("%v: %s", err, b)
		}
		return cfg
	}
	want := map[string]any{"runtime.version": "Lua 5.1", "workspace.library": []any{"btlua-stubs"}}
	if got := readRC(); !reflect.DeepEqual(got, want) {
		t.Errorf(".luarc.json = %v, want %v", got, want)
	}
	own := `{"workspace": {"library": ["lib"]}, "runtime": {"version": "LuaJIT"}, "diagnostics.globals": ["world"]}`
	if err := os.WriteFile(filepath.Join(dir, ".luarc.json"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if code, _, errOut := runCLI("--lua-stubs", dir); code != exitOK {
			t.Fatalf("code %d, stderr %q", code, errOut)
		}
	}
	want = map[string]any{"workspace": map[string]any{"library": []any{"lib", "btlua-stubs"}},
		"runtime": map[string]any{"version": "LuaJIT"}, "diagnostics.globals": []any{"world"}}
	if got := readRC(); !reflect.DeepEqual(got, want) {
		t.Errorf(".luarc.json = %v, want %v", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, ".luarc.json"), []byte("// not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("--lua-stubs", dir); code != exitFailed || !strings.Contains(errOut, `add "btlua-stubs" to its workspace.library yourself`) {
		t.Errorf("code %d, stderr %q", code, errOut)
	}
}

// --lua-stubs DIR for a DIR that does not exist creates it (with its
// parents) and says so before what it wrote.
func TestLuaStubsCreatesDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "project")
	code, out, errOut := runCLI("--lua-stubs", dir)
	want := "created " + dir + "\nwrote 4 files to " + filepath.Join(dir, "btlua-stubs") +
		" and added btlua-stubs to workspace.library in " + filepath.Join(dir, ".luarc.json") + "\n"
	if code != exitOK || errOut != "" || out != want {
		t.Fatalf("code %d, stdout %q, stderr %q; want 0 and %q", code, out, errOut, want)
	}
}
