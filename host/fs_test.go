package host

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/stdlib/bt"
)

// embeddedAI is a game's scripts as an fs.FS: a main script that requires
// a module from its folder's lib/ (found through package.path in the FS)
// and runs a file with dofile and loadfile, by paths in the FS.
func embeddedAI() fstest.MapFS {
	return fstest.MapFS{
		"ai/guard.lua": {Data: []byte(`local Walker = require("lib.walker")
dofile("ai/consts.lua")
local extra = loadfile("ai/extra.lua")()
local seq = BTSequence:New()
seq.name = "patrol"
seq:AddChild(Walker:New())
seq:AddChild(BTLog:New("steps " .. STEPS .. ", " .. extra))
return seq
`)},
		"ai/lib/walker.lua": {Data: []byte(walkerModule("walk"))},
		"ai/consts.lua":     {Data: []byte("STEPS = 2\n")},
		"ai/extra.lua":      {Data: []byte("return 'extra'\n")},
	}
}

// walkerModule is a module class whose OnUpdate prints word and its step,
// Running until its second step.
func walkerModule(word string) string {
	return `Walker = BTAction:New()
Walker.name = "walker"
function Walker:OnStart() self.n = 0 end
function Walker:OnUpdate()
    self.n = self.n + 1
    print("` + word + ` " .. self.n)
    if self.n < 2 then return BTTaskStatus.Running end
    return BTTaskStatus.Success
end
return Walker
`
}

// Options.FS: the script, its require, dofile and loadfile all read the
// FS; none of these paths exists on disk.
func TestLoadFromFS(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: embeddedAI()})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile("ai/guard.lua")
	if err != nil {
		t.Fatal(err)
	}
	var statuses []bt.Status
	for !h.Done() {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		statuses = append(statuses, agents[0].Status())
	}
	if got := out.String(); got != "walk 1\nwalk 2\nsteps 2, extra\n" {
		t.Errorf("stdout %q", got)
	}
	if len(statuses) != 2 || statuses[0] != bt.Running || statuses[1] != bt.Success {
		t.Errorf("statuses %v, want [Running Success]", statuses)
	}
}

// Missing files in the FS: LoadFile's error wraps fs.ErrNotExist, and a
// require that finds nothing lists the FS paths it tried.
func TestLoadFromFSMissing(t *testing.T) {
	h, err := New(Options{FS: fstest.MapFS{"ai/main.lua": {Data: []byte(`require("nothere")`)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile("ai/none.lua"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing script: err %v, want fs.ErrNotExist", err)
	}
	_, err = h.LoadFile("ai/main.lua")
	if err == nil || !strings.Contains(err.Error(), "no file 'ai/nothere.lua'") ||
		!strings.Contains(err.Error(), "no file 'nothere.lua'") || strings.Contains(err.Error(), "/usr/") {
		t.Errorf("missing module: err %v", err)
	}
}

// Reload reads the file from the FS again: a module changed in the FS
// reloads class-level, the running task keeps its step count.
func TestReloadFromFS(t *testing.T) {
	var out bytes.Buffer
	fsys := embeddedAI()
	h, err := New(Options{Stdout: &out, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile("./ai/guard.lua"); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	fsys["ai/lib/walker.lua"] = &fstest.MapFile{Data: []byte(walkerModule("march"))}
	rep, err := h.Reload("ai/lib/walker.lua")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rep.Changed, ","); got != "Walker.OnUpdate" || len(rep.Rebuilt) != 0 {
		t.Errorf("report: changed %q, rebuilt %v", got, rep.Rebuilt)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "walk 1\nmarch 2\nsteps 2, extra\n" {
		t.Errorf("stdout %q", got)
	}
}

// A syntax error at the end of a file read from Options.FS names the
// file's last line, counted in the FS's text: not in a file of the same
// name on disk (here a one-line one, in the test's working directory).
func TestSyntaxErrorAtEOFFromFS(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("broken.lua", []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := New(Options{Stdout: io.Discard, FS: fstest.MapFS{
		"broken.lua": {Data: []byte("function f()\n  return 1\n\n\n")},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile("broken.lua")
	want := "broken.lua:4: syntax error at end of file"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v, want it to start with %q", err, want)
	}
}
