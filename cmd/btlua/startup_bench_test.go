package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkStartOneTask is the whole command after the process start:
// host.New, loading a script that returns a one-task tree, one tick,
// Close (BENCHMARKS.md, "Start-up").
func BenchmarkStartOneTask(b *testing.B) {
	path := filepath.Join(b.TempDir(), "one.lua")
	src := "local t = BTBehaviorTree:New()\nt:SetStartTask(BTLog:New(\"x\"))\nreturn t\n"
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"--ticks", "1", path}, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("exit %d", code)
		}
	}
}
