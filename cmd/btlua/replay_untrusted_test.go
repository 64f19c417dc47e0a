package main

import (
	"os"
	"path/filepath"
	"testing"
)

// btlua replay of a crafted file is refused with the file, line and
// field (exit 1), never a panic: a BTAI node without a parent (the index
// -1 of its BT.Root task), a node out of its agent's tree, a header of
// version 0, "2" or null.
func TestReplayCraftedFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"btai.jsonl", `{"btlua_record":2}` + "\n" + `{"t":1,"k":"tree","a":1,"nodes":[{"p":-1,"name":"R","kind":"BT.Root","btai":true},{"p":0,"name":"X","kind":"btai.X","btai":true}]}` + "\n",
			`recording: line 2: field "nodes": node 0 is a BTAI node without a parent (its BT.Root task)`},
		{"node.jsonl", `{"btlua_record":2}` + "\n" + `{"t":1,"k":"tree","a":2,"nodes":[{"p":-1,"name":"R","kind":"BTSelector"}]}` + "\n" + `{"t":1,"k":"start","a":2,"n":7}` + "\n",
			`recording: line 3: field "n": node 7 out of range (agent 2's tree has 1 task)`},
		{"v0.jsonl", `{"btlua_record":0,"dt":0.016}` + "\n", `recording: line 1: field "btlua_record": unsupported version 0, this btlua reads versions 1 to 3`},
		{"v2s.jsonl", `{"btlua_record":"2","dt":0.016}` + "\n", `recording: line 1: field "btlua_record": unsupported version "2", this btlua reads versions 1 to 3`},
		{"vnull.jsonl", `{"btlua_record":null,"dt":0.016}` + "\n", `recording: line 1: field "btlua_record": unsupported version null, this btlua reads versions 1 to 3`},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, errOut := replayOnce(path)
		if want := "btlua: " + path + ": " + c.want + "\n"; code != exitFailed || errOut != want {
			t.Errorf("%s: code %d, stderr %q\nwant %d and %q", c.name, code, errOut, exitFailed, want)
		}
	}
}
