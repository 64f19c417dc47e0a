package tests

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/host/watch"
)

// watchHarness is a reloadHarness watching with the given debounce.
func watchHarness(t *testing.T, debounce time.Duration) *reloadHarness {
	t.Helper()
	r := &reloadHarness{t: t, dir: t.TempDir(), out: &syncBuffer{}, errOut: &syncBuffer{}, reloads: make(chan error, 16)}
	for name, text := range map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain} {
		r.write(name, text)
	}
	h, err := host.New(host.Options{Stdout: r.out, Logger: lineLogger(r.errOut), OnReload: func(_ *host.ReloadReport, err error) {
		r.reloads <- err
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.h = h
	t.Cleanup(func() { h.Close() })
	if _, err := h.LoadFile(filepath.Join(r.dir, "main.lua")); err != nil {
		t.Fatal(err)
	}
	if err := watch.Start(h, debounce); err != nil {
		t.Fatal(err)
	}
	return r
}

// A slow in-place save on a loaded machine: the editor empties the file,
// then writes the new text more than the debounce time later. The game
// loop keeps calling ApplyReloads meanwhile. The empty file is read again
// after the debounce time instead of being reloaded, so the only reload is
// the one of the new text, and nothing fails. The new text must come
// between the first read (one debounce time after the truncation) and
// the second (two): the stall ends half-way, and a debounce time of 1 s
// leaves half a second for a loaded machine to be late in either.
func TestReloadSlowSave(t *testing.T) {
	const debounce = time.Second
	r := watchHarness(t, debounce)
	if got := r.tick(); got != "start\nv1 1\n" {
		t.Fatalf("before reload: %q", got)
	}
	path := filepath.Join(r.dir, "speaker.lua")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The game loop, at 200 Hz, while the editor is stalled for 1.5
	// debounce times (the stall is the scenario, not a wait for news).
	var errs []error
	frame := time.NewTicker(5 * time.Millisecond)
	stall := time.After(debounce * 3 / 2)
	for stalled := true; stalled; {
		if r.h.ApplyReloads() > 0 {
			errs = append(errs, <-r.reloads)
		}
		select {
		case <-frame.C:
		case <-stall:
			stalled = false
		}
	}
	frame.Stop()
	if _, err := f.WriteString(speaker("v2")); err != nil {
		t.Fatal(err)
	}
	f.Close()
	printed, err := r.waitReload()
	if err != nil || len(errs) > 0 || printed != "v2 2\n" {
		t.Fatalf("reloads during the stall: %v; then err %v, printed %q; want one good reload", errs, err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/speaker.lua in T: classes Speaker (changed Speaker.OnUpdate); running trees kept\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// A file that is still empty when read again after the debounce time is
// reported as an error, and the old code keeps running.
func TestReloadEmptySave(t *testing.T) {
	r := watchHarness(t, 20*time.Millisecond)
	r.tick()
	r.write("speaker.lua", "")
	printed, err := r.waitReload()
	if err == nil || err.Error() != filepath.Join(r.dir, "speaker.lua")+": the file is empty (read twice, 20ms apart)" {
		t.Fatalf("err = %v", err)
	}
	if printed != "v1 2\n" {
		t.Errorf("printed %q, want the old code running", printed)
	}
	if got, want := r.stderr(), "btlua: reload of DIR/speaker.lua failed, the old code keeps running: DIR/speaker.lua: the file is empty (read twice, 20ms apart)\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}
