package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// FuzzRestore feeds bytes to Restore on a host that has the script of
// the seed saves: any input gives an agent or an error wrapping
// ErrBadSave or a restore's own error, never a panic, and a failed
// restore leaves the host without agents. Each input is also restored
// resealed (its digest recomputed), so that mutations reach the checks
// behind the digest, and the seeds come in versions 3 and 2.
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
		f.Add(asVersion2(data))
	}
	h.Close()
	f.Add([]byte(`{"format":"btlua-save","version":1,"loads":[{"script":"s.lua","agents":[{"tree":{"tasks":[]}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		restoreFuzzed(t, files, data)
		if sealed := resealed(data); !bytes.Equal(sealed, data) {
			restoreFuzzed(t, files, sealed)
		}
	})
}

// restoreFuzzed restores data in a fresh host of files: an agent, or an
// error and no agent, never a panic.
func restoreFuzzed(t *testing.T, files fstest.MapFS, data []byte) {
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
		return // a bad save (ErrBadSave), a script error or a mismatch: reported, nothing added
	}
	if a == nil || len(h.Agents()) != 1 {
		t.Fatalf("Restore gave %v and %d agents", a, len(h.Agents()))
	}
	h.Tick(0.1)
}
