package host

import (
	"io"
	"testing"
)

// Agents, called every frame by the CLI, makes its list of public agents
// again only when the engine's list changed: no allocation otherwise, and
// a load's new agent is listed at once.
func TestAgentsListKept(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	first, err := h.LoadFile(writeScript(t, "return BTIdle:New()"))
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Agents(); len(got) != 1 || got[0] != first[0] {
		t.Fatalf("Agents() = %v, want [%p]", got, first[0])
	}
	if n := testing.AllocsPerRun(10, func() { h.Agents() }); n != 0 {
		t.Errorf("Agents() with the list unchanged: %v allocations, want 0", n)
	}
	second, err := h.LoadFile(writeScript(t, "return BTIdle:New()"))
	if err != nil {
		t.Fatal(err)
	}
	if got := h.Agents(); len(got) != 2 || got[0] != first[0] || got[1] != second[0] {
		t.Fatalf("Agents() after a second load = %v, want [%p %p]", got, first[0], second[0])
	}
}
