package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/host/watch"
)

func benchHost(b *testing.B) (*host.Host, string) {
	dir := b.TempDir()
	for name, text := range map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	h, err := host.New(host.Options{Stdout: &bytes.Buffer{}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { h.Close() })
	if _, err := h.LoadFile(filepath.Join(dir, "main.lua")); err != nil {
		b.Fatal(err)
	}
	return h, filepath.Join(dir, "speaker.lua")
}

// BenchmarkReload: the reload itself (compile, staged run, merge, cache
// drop) of a leaf class file, without the file watcher.
func BenchmarkReload(b *testing.B) {
	h, path := benchHost(b)
	for i := 0; i < b.N; i++ {
		if _, err := h.Reload(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReloadLatency: from the end of a file save to the new code
// being in place, through fsnotify and the debounce (watch.DefaultDebounce),
// polling for the reload every 1 ms as a 1 kHz game loop would.
func BenchmarkReloadLatency(b *testing.B) {
	h, path := benchHost(b)
	if err := watch.Start(h, 0); err != nil {
		b.Fatal(err)
	}
	var total time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := os.WriteFile(path, []byte(speaker("v"+string(rune('a'+i%26)))), 0o644); err != nil {
			b.Fatal(err)
		}
		deadline := start.Add(5 * time.Second)
		for h.ApplyReloads() == 0 {
			if time.Now().After(deadline) {
				b.Fatal("no reload within 5s")
			}
			time.Sleep(time.Millisecond)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/reload")
}
