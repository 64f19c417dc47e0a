package host

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// nopWatcher is a Watcher that reports nothing.
type nopWatcher struct{}

func (nopWatcher) Add(string) error  { return nil }
func (nopWatcher) Changes() []Change { return nil }
func (nopWatcher) Close() error      { return nil }

// After Close, every Host method that needs the Lua state refuses: those
// with an error result return one wrapping ErrClosed that names the
// method, the others do nothing. None panics. Classic and sharded hosts.
func TestClosedHostRefuses(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree.lua")
	fac := filepath.Join(dir, "fac.lua")
	if err := os.WriteFile(tree, []byte("return BTWait:New(1)"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fac, []byte("return function(args) return BTWait:New(1) end"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards})
			if err != nil {
				t.Fatal(err)
			}
			agents, err := h.LoadFile(tree)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Close(); err != nil {
				t.Fatal(err)
			}
			call := func(name string, f func() error) {
				t.Helper()
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s after Close panicked: %v", name, r)
					}
				}()
				err := f()
				want := "host: closed: " + name + " called after Close"
				if err == nil || err.Error() != want || !errors.Is(err, ErrClosed) {
					t.Errorf("%s after Close = %v, want %q wrapping ErrClosed", name, err, want)
				}
			}
			call("Tick", func() error { return h.Tick(0.1) })
			call("LoadFile", func() error { _, err := h.LoadFile(tree); return err })
			call("Spawn", func() error { _, err := h.Spawn(fac, nil); return err })
			call("Reload", func() error { _, err := h.Reload(tree); return err })
			call("DoString", func() error { _, err := h.DoString("return 1"); return err })
			call("Watch", func() error { return h.Watch(nopWatcher{}) })
			nothing := func(name string, f func() any, want any) {
				t.Helper()
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s after Close panicked: %v", name, r)
					}
				}()
				if got := f(); got != want {
					t.Errorf("%s after Close = %v, want %v", name, got, want)
				}
			}
			nothing("ApplyReloads", func() any { return h.ApplyReloads() }, 0)
			nothing("SetGlobal", func() any { h.SetGlobal("g", 1); return nil }, nil)
			nothing("GetGlobal", func() any { return h.GetGlobal("BTWait") }, nil)
			nothing("ExpectAgents", func() any { h.ExpectAgents(4); return nil }, nil)
			nothing("Globals().Set", func() any { h.Globals().Set("g", 1); return nil }, nil)
			nothing("Globals().Get", func() any { return h.Globals().Get("g") }, nil)
			nothing("SetVariable", func() any { h.SetVariable(nil, "g", 2); return nil }, nil)
			nothing("Agent.Set", func() any { agents[0].Set("g", 3); return nil }, nil)
			nothing("Agent.Halt", func() any { agents[0].Halt(); return nil }, nil)
			nothing("Agent.Render", func() any { return agents[0].Render() }, "BTWait (BTWait) Inactive\n")
			nothing("Agent.Get", func() any { return agents[0].Get("g") }, nil)
			nothing("Interrupt", func() any { return h.Interrupt() }, false)
			if shards == 0 {
				nothing("Subscribe", func() any { h.Subscribe(func(*Event) {})(); return nil }, nil)
				nothing("SubscribeWatching", func() any { h.SubscribeWatching(func(*Event) {}).Cancel(); return nil }, nil)
			}
			nothing("Close", func() any { return h.Close() }, nil)
		})
	}
}
