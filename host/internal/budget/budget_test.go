package budget

import (
	"testing"
	"time"
)

type named string

func (n named) Describe() string { return string(n) }

// A stretch names what it does and whose script runs in its error; a
// stretch begun inside another is part of it, and Interrupt stops only a
// running stretch.
func TestBudgetInterruptNamesTheStretch(t *testing.T) {
	b, err := New(time.Hour, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	if b.Interrupt() || b.Active() || b.Err() != nil {
		t.Fatalf("before any stretch: interrupt ran, active %v, err %v", b.Active(), b.Err())
	}
	b.Begin("tick", named("agent guard (npc.lua, return value 1)"))
	b.Begin("loading other.lua", nil) // part of the tick
	if b.Depth() != 2 || !b.Active() || b.Done() != nil {
		t.Fatalf("nested: depth %d, active %v, done %v", b.Depth(), b.Active(), b.Done())
	}
	if !b.Interrupt() {
		t.Fatal("Interrupt found no stretch running")
	}
	if b.Done() == nil {
		t.Fatal("Done not closed after Interrupt")
	}
	if got, want := b.Err().Error(), "interrupted (tick of agent guard (npc.lua, return value 1))"; got != want {
		t.Fatalf("err %q, want %q", got, want)
	}
	b.End()
	b.End()
	if b.Depth() != 0 || b.Active() || b.Err() != nil || b.Interrupt() {
		t.Fatalf("after the stretch: depth %d, active %v, err %v", b.Depth(), b.Active(), b.Err())
	}
	b.Begin("reloading a.lua", nil)
	b.Interrupt()
	if got, want := b.Err().Error(), "interrupted (reloading a.lua)"; got != want {
		t.Fatalf("err %q, want %q", got, want)
	}
	b.End()
}

// New refuses a negative budget and makes none for neither limit.
func TestBudgetNew(t *testing.T) {
	if b, err := New(-time.Second, nil); b != nil || err == nil || err.Error() != "host: Budget must not be negative, got -1s" {
		t.Fatalf("New(-1s): %v, %v", b, err)
	}
	if b, err := New(0, nil); b != nil || err != nil {
		t.Fatalf("New(0, nil): %v, %v", b, err)
	}
	if w := NewHeap(0); w != nil {
		t.Fatalf("NewHeap(0) = %v, want nil", w)
	}
}
