package main

import (
	"testing"
)

// --trace names each tree as --dot names its graph (graphIDs): a name met
// twice gets "#2". A name or path with a control character (a newline) is
// written quoted as Go's %q does, so that each trace line stays one line.
func TestTraceTreeNames(t *testing.T) {
	script := writeLua(t, `local a = BTLog:New("one")
a.name = "dup"
local b = BTLog:New("two")
b.name = "dup"
local c = BTLog:New("three")
c.name = "line\nbreak"
local d = BTLog:New("four")
d.name = 'say "hi" \\ café'
return a, b, c, d`)
	code, out, errOut := runCLI("--fast", "--trace", script)
	want := "tick 1 dup: dup: Inactive -> Success\n" +
		"tick 1 dup#2: dup: Inactive -> Success\n" +
		"tick 1 \"line\\nbreak\": \"line\\nbreak: Inactive -> Success\"\n" +
		"tick 1 say \"hi\" \\ café: say \"hi\" \\ café: Inactive -> Success\n"
	if code != exitOK || out != "one\ntwo\nthree\nfour\n" || errOut != want {
		t.Errorf("code %d, stdout %q\nstderr:\n%s\nwant:\n%s", code, out, errOut, want)
	}
}
