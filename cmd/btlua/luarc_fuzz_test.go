package main

import (
	"encoding/json"
	"testing"
)

// FuzzWithLibrary: on any text, withLibrary returns an error or a text
// that parses again, names the library and sets a runtime, and that a
// second pass leaves unchanged. Where the input is plain JSON, so is the
// output.
func FuzzWithLibrary(f *testing.F) {
	for _, s := range []string{`{}`, `// c` + "\n" + `{"a": [1, 2,], /* b */ "workspace": {"library": ["x"]}}`,
		`{"workspace.library": "lib"}`, `{"runtime": {}, "workspace.library": [{}]}`, "{\n  \"a\": \"\\u00e9\"\n}", `[]`, `{"a": 1e5, "b": null}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, _, err := withLibrary(in, "btlua-stubs")
		if err != nil {
			return
		}
		root, err := parseJSONC(out)
		if err != nil {
			t.Fatalf("output does not parse (%v):\n%s\nfrom\n%s", err, out, in)
		}
		holder := root
		if ws := root.member("workspace"); ws != nil && ws.kind == '{' {
			holder = ws.member("library")
		} else {
			holder = root.member("workspace.library")
		}
		found := false
		for _, n := range holder.elems {
			found = found || n.kind == '"' && n.str == "btlua-stubs"
		}
		if !found || root.member("runtime") == nil && root.member("runtime.version") == nil {
			t.Fatalf("library or runtime missing in\n%s\nfrom\n%s", out, in)
		}
		again, changed, err := withLibrary(out, "btlua-stubs")
		if err != nil || changed || string(again) != string(out) {
			t.Fatalf("second pass: changed %v, err %v:\n%s", changed, err, again)
		}
		if json.Valid(in) && !json.Valid(out) {
			t.Fatalf("JSON in, not JSON out:\n%s\nfrom\n%s", out, in)
		}
	})
}
