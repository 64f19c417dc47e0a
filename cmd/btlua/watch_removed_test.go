package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
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
		"Speaker = BTAction:New()\nfunction Speaker:OnUpdate()\n    if not self.said then print(\"ticking\") self.said = true end\n    return BTTaskStatus.Running\nend\nreturn Speaker:New()\n"
	for path, src := range map[string]string{script: main, module: "return {}\n"} {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	catchStraySIGINT(t)
	var out, errOut syncBuffer
	done := make(chan int)
	go func() { done <- run([]string{"--watch", "--hz", "100", script}, &out, &errOut) }()
	waitOutput(t, &out, "ticking\n") // the first tick: the files are watched
	for _, p := range []string{module, script} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	waitOutput(t, &errOut, module+" was removed")
	if err := os.WriteFile(module, []byte("return {1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitOutput(t, &errOut, "btlua: reloaded ")
	// A --watch run goes on until Ctrl-C.
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	code := <-done
	want := "btlua: watch: " + script + " was removed; the running code stays until it comes back\n" +
		"btlua: watch: " + module + " was removed; the running code stays until it comes back\n"
	if got := errOut.String(); code != exitInterrupted || !strings.HasPrefix(got, want) || !strings.Contains(got[len(want)-1:], "\nbtlua: reloaded ") {
		t.Errorf("code %d, stderr %q; want %d, %q, then the reload", code, got, exitInterrupted, want)
	}
}
