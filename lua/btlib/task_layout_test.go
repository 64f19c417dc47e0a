package btlib

import (
	"testing"
	"unsafe"
)

// A Task is 128 bytes, a size class whose objects the Go allocator puts
// on cache-line boundaries, and the fields a tick of a built-in task
// reads (Impl, class, hooks) lie in its first 64 bytes: a field added to
// Task must go to its cold part (BENCHMARKS.md, warrior round 3).
func TestTaskLayout(t *testing.T) {
	var tk Task
	if n := unsafe.Sizeof(tk); n != 128 {
		t.Errorf("Task is %d bytes, want 128", n)
	}
	if end := unsafe.Offsetof(tk.hooks) + unsafe.Sizeof(tk.hooks); unsafe.Offsetof(tk.Impl) != 0 || unsafe.Offsetof(tk.class) >= 64 || end > 64 {
		t.Errorf("Impl at %d, class at %d, hooks end at %d: want all within the first 64 bytes", unsafe.Offsetof(tk.Impl), unsafe.Offsetof(tk.class), end)
	}
}
