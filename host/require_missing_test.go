package host

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestRequireMissingModuleMessage: require of a module no searcher finds
// lists what was tried a line each, as Lua does, with no blank line after
// package.preload's (gopher-lua joins the searchers' messages itself).
func TestRequireMissingModuleMessage(t *testing.T) {
	fsys := fstest.MapFS{"ai/req.lua": {Data: []byte("require(\"nosuchmod\")\n")}}
	h, err := New(Options{FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile("ai/req.lua")
	if err == nil {
		t.Fatal("LoadFile of a script requiring a missing module: no error")
	}
	want := "ai/req.lua:1: module nosuchmod not found:\n\tno field package.preload['nosuchmod']\n\tno file 'ai/nosuchmod.lua'\n\tno file 'ai/nosuchmod/init.lua'"
	if !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n\t\n") {
		t.Errorf("error\n%q\nwant it to begin with\n%q, with no blank line", err.Error(), want)
	}
}

// The message ends with the last place looked at, as PUC Lua's does, not
// with gopher-lua's trailing ", ".
func TestRequireMissingModuleEndsCleanly(t *testing.T) {
	fsys := fstest.MapFS{"ai/req.lua": {Data: []byte("local m = require(\"nosuchmod\")\n")}}
	h, err := New(Options{FS: fsys, SearchPath: []string{"lib"}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile("ai/req.lua")
	want := "ai/req.lua:1: module nosuchmod not found:\n\tno field package.preload['nosuchmod']\n\tno file 'lib/nosuchmod.lua'\n\tno file 'lib/nosuchmod/init.lua'\n\tno file 'ai/nosuchmod.lua'\n\tno file 'ai/nosuchmod/init.lua'\n\tno file 'nosuchmod.lua'\n\tno file 'nosuchmod/init.lua'"
	if err == nil || err.Error() != want {
		t.Errorf("error\n%q\nwant\n%q", err, want)
	}
}
