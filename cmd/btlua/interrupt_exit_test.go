package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// A tick that a Ctrl-C stopped ends the run with 130 even when the
// signal's context is not cancelled yet (signal.NotifyContext cancels it
// on a goroutine of its own, which may run after the tick returns): the
// loop sees the interrupter's own flag, set before the interrupt reaches
// the script. Before, the run exited 1 under load (TestInterruptRecordedRun
// "inside a tick", code 1 with "interrupted" on stderr).
func TestLoopInterruptedBeforeContext(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "fails.lua")
	src := "local T = BTAction:New()\nfunction T:OnUpdate() ctrlC() error(\"interrupted\") end\nreturn T\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	intr := &interrupter{h: h, stderr: io.Discard, over: make(chan struct{}), done: make(chan struct{})}
	// The Ctrl-C comes during the tick; the context has not heard yet.
	h.SetGlobal("ctrlC", func() { intr.signalled.Store(true) })
	if _, err := h.LoadFile(script); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	c := &config{hz: 10, fast: true}
	if code := loop(context.Background(), h, c, intr, nil, &stderr); code != exitInterrupted {
		t.Errorf("loop: code %d, stderr %q; want %d", code, stderr.String(), exitInterrupted)
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q: want the tick's error", stderr.String())
	}
}
