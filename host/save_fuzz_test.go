package host

import (
	"bytes"
	"errors"
	"testing"
	"testing/fstest"
)

// FuzzRestore feeds bytes to Restore on a host that has the script of
// the seed saves: any input gives an agent or an error wrapping
// ErrBadSave or a restore's own error, never a panic, and a failed
// restore leaves the host without agents.
func FuzzRestore(f *testing.F) {
	files := fstest.MapFS{"s.lua": {Data: []byte(saveScript)}}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: files})
	if err != nil {
		f.Fatal(err)
	}
	agents, err := h.LoadFile("s.lua")
	if err != nil {
		f.Fatal(err)
	}
	for range 4 {
		h.Tick(0.1)
		data, err := agents[0].Snapshot()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(Gzip(data))
	}
	h.Close()
	f.Add([]byte(`{"format":"btlua-save","version":1,"loads":[{"script":"s.lua","agents":[{"tree":{"tasks":[]}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out, FS: files})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		a, err := h.Restore(data)
		if err != nil {
			if len(h.Agents()) != 0 {
				t.Fatalf("%d agents after %v", len(h.Agents()), err)
			}
			if errors.Is(err, ErrBadSave) {
				return
			}
			return // a script error or a mismatch: reported, nothing added
		}
		if a == nil || len(h.Agents()) != 1 {
			t.Fatalf("Restore gave %v and %d agents", a, len(h.Agents()))
		}
		h.Tick(0.1)
	})
}
