package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A .luarc.json with comments and trailing commas, which LuaLS reads, is
// edited in place by --lua-stubs: the library and the runtime are added,
// the comments and the other settings kept as they were.
func TestLuaStubsKeepsComments(t *testing.T) {
	dir := t.TempDir()
	rc := filepath.Join(dir, ".luarc.json")
	own := `// LuaLS settings of the game
{
  /* the engine's globals */
  "diagnostics.globals": ["world", "npc",],
  "workspace.library": [
    "lib", // shared code
  ],
}
`
	if err := os.WriteFile(rc, []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `// LuaLS settings of the game
{
  /* the engine's globals */
  "diagnostics.globals": ["world", "npc",],
  "workspace.library": [
    "lib", "btlua-stubs", // shared code
  ],
  "runtime.version": "Lua 5.1",
}
`
	for range 2 { // the second run finds both and changes nothing
		if code, out, errOut := runCLI("--lua-stubs", dir); code != exitOK || errOut != "" {
			t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
		}
		got, err := os.ReadFile(rc)
		if err != nil || string(got) != want {
			t.Fatalf(".luarc.json (%v) =\n%s\nwant\n%s", err, got, want)
		}
	}
}

// withLibrary edits each shape of configuration LuaLS reads.
func TestWithLibrary(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{}`, `{"workspace.library": ["S"], "runtime.version": "Lua 5.1"}`},
		{`{"runtime": {"version": "LuaJIT"}}`, `{"runtime": {"version": "LuaJIT"}, "workspace.library": ["S"]}`},
		{`{"workspace": {"library": []}, "runtime.version": "Lua 5.1"}`, `{"workspace": {"library": ["S"]}, "runtime.version": "Lua 5.1"}`},
		{`{"workspace": { /* none */ }, "runtime.version": "Lua 5.1"}`, `{"workspace": {"library": ["S"] /* none */ }, "runtime.version": "Lua 5.1"}`},
		{`{"workspace.library": "lib", "runtime.version": "Lua 5.1"}`, `{"workspace.library": ["lib", "S"], "runtime.version": "Lua 5.1"}`},
		{`{"workspace.library": 3, "runtime.version": "Lua 5.1"}`, `{"workspace.library": ["S"], "runtime.version": "Lua 5.1"}`},
		{"{\n\t\"a\": 1\n}", "{\n\t\"a\": 1,\n\t\"workspace.library\": [\"S\"],\n\t\"runtime.version\": \"Lua 5.1\"\n}"},
		{`{"workspace.library": ["S"], "runtime.version": "5.4"} // done`, `{"workspace.library": ["S"], "runtime.version": "5.4"} // done`},
	}
	for _, c := range cases {
		got, _, err := withLibrary([]byte(c.in), "S")
		if err != nil || string(got) != c.want {
			t.Errorf("withLibrary(%s) = %s, %v\nwant %s", c.in, got, err, c.want)
		}
	}
	for in, want := range map[string]string{
		`// only a comment`:      "offset 17: want a value, got the end of the text",
		`[1, 2]`:                 "the text is not an object",
		`{"a": 1 /* open`:        "offset 8: comment /* is not closed by */",
		`{"a": 1,, }`:            `offset 8: want a member name in quotes or "}", got ','`,
		`{"a": tru}`:             `offset 6: want a value, got 't'`,
		`{"a": "x` + "\n" + `"}`: `offset 6: bad string: invalid character '\n' in string literal`,
		`{"a": 1} {}`:            `offset 9: want end of text, got '{'`,
	} {
		if _, _, err := withLibrary([]byte(in), "S"); err == nil || err.Error() != want {
			t.Errorf("withLibrary(%s): error %v, want %s", in, err, want)
		}
	}
}
