package host

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// fakeWatcher is a Watcher whose changes the test queues.
type fakeWatcher struct {
	added   []string
	changes []Change
	closed  bool
}

func (w *fakeWatcher) Add(path string) error {
	w.added = append(w.added, path)
	return nil
}

func (w *fakeWatcher) Changes() []Change {
	out := w.changes
	w.changes = nil
	return out
}

func (w *fakeWatcher) Close() error {
	w.closed = true
	return nil
}

// The host gives its watcher every file it has loaded and loads later,
// reloads the changes the watcher reports at the next tick, reports a
// change with an error as a failed reload, and closes the watcher.
func TestWatcher(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	walker := write("walker.lua", walkerModule("walk"))
	main := write("main.lua", `require("walker")
local seq = BTSequence:New()
seq:AddChild(Walker:New())
return seq
`)
	other := write("other.lua", "return BTIdle:New()\n")
	var out bytes.Buffer
	var reports []string
	h, err := New(Options{Stdout: &out, OnReload: func(rep *ReloadReport, err error) {
		if err != nil {
			reports = append(reports, "error: "+strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
		} else {
			reports = append(reports, strings.Join(rep.Changed, ","))
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(main); err != nil {
		t.Fatal(err)
	}
	w := &fakeWatcher{}
	if err := h.Watch(w); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(other); err != nil {
		t.Fatal(err)
	}
	if want := []string{main, walker, other}; !slices.Equal(w.added, want) {
		t.Errorf("added %v, want %v", w.added, want)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	w.changes = []Change{{Path: walker, Text: []byte(walkerModule("march"))}}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	w.changes = []Change{{Path: walker, Err: errors.New("the file is empty (read twice, 40ms apart)")}}
	if n := h.ApplyReloads(); n != 1 {
		t.Errorf("ApplyReloads tried %d reloads, want 1", n)
	}
	if got := out.String(); got != "walk 1\nmarch 2\n" {
		t.Errorf("stdout %q", got)
	}
	if want := []string{"Walker.OnUpdate", "error: walker.lua: the file is empty (read twice, 40ms apart)"}; !slices.Equal(reports, want) {
		t.Errorf("reports %q, want %q", reports, want)
	}
	h.Close()
	if !w.closed {
		t.Error("Close did not close the watcher")
	}
}

// A host reading an fs.FS has nothing to watch.
func TestWatchFS(t *testing.T) {
	h, err := New(Options{FS: fstest.MapFS{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	err = h.Watch(&fakeWatcher{})
	if err == nil || !strings.Contains(err.Error(), "fs.FS (Options.FS), which has no change events") {
		t.Errorf("err %v", err)
	}
}
