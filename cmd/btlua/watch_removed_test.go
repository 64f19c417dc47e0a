package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// With --watch, deleting a watched file (the script, or a module it
// required) prints one line on stderr saying the running code stays (the files removed
// together in path order);
// creating it again reloads it.
func TestWatchRemovedFileLine(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "ai.lua")
	module := filepath.Join(dir, "words.lua")
	main := "package.path = [[" + dir + "/?.lua;]] .. package.path\nlocal words = require(\"words\")\n" +
		"Speaker = BTAction:New()\nfunction Speaker:OnUpdate() return BTTaskStatus.Running end\nreturn Speaker:New()\n"
	for path, src := range map[string]string{script: main, module: "return {}\n"} {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan struct{})
	var code int
	var errOut string
	go func() {
		defer close(done)
		code, _, errOut = runCLI("--watch", "--hz", "100", "--ticks", "200", script)
	}()
	time.Sleep(300 * time.Millisecond)
	for _, p := range []string{module, script} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(500 * time.Millisecond)
	if err := os.WriteFile(module, []byte("return {1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	<-done
	want := "btlua: watch: " + script + " was removed; the running code stays until it comes back\n" +
		"btlua: watch: " + module + " was removed; the running code stays until it comes back\n"
	if code != exitOK || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut[len(want)-1:], "\nbtlua: reloaded ") {
		t.Errorf("code %d, stderr %q; want %q, then the reload", code, errOut, want)
	}
}
