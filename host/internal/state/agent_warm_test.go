package state

import (
	"testing"
	"unsafe"
)

// warm reads the agent's struct and changes nothing: it returns the sum
// of the first byte of each of its 64-byte lines and of its last byte.
func TestAgentWarmReadsOnly(t *testing.T) {
	a := &Agent{Source: "guard.lua", where: "guard.lua:3"}
	b := unsafe.Slice((*byte)(unsafe.Pointer(a)), unsafe.Sizeof(*a))
	before := string(b)
	var want uintptr
	for off := 0; off < len(b); off += 64 {
		want += uintptr(b[off])
	}
	want += uintptr(b[len(b)-1])
	if got := a.warm(); got != want || string(b) != before {
		t.Errorf("warm = %d, want %d; agent unchanged: %v", got, want, string(b) == before)
	}
}
