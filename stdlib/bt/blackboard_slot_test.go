package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func TestBlackboardSlots(t *testing.T) {
	globals := bt.NewBlackboard(nil)
	globals.Set("gold", 7)
	b := bt.NewBlackboard(globals)
	hp := b.Slot("health")
	if b.Slot("health") != hp || b.SlotName(hp) != "health" {
		t.Fatalf("slot not stable: %d %q", b.Slot("health"), b.SlotName(hp))
	}
	if _, ok, _ := b.Number(hp); ok {
		t.Fatal("unset slot reads as set")
	}
	if len(b.Names()) != 0 {
		t.Fatalf("names %v", b.Names())
	}
	b.SetNumber(hp, 30)
	if v, ok, isNum := b.Number(hp); v != 30 || !ok || !isNum {
		t.Fatalf("Number = %v %v %v", v, ok, isNum)
	}
	if v, _ := b.Get("health"); v != 30.0 {
		t.Fatalf("Get = %#v", v)
	}
	b.Set("health", nil) // deleted, slot kept
	if _, ok := b.Get("health"); ok || b.Slot("health") != hp {
		t.Fatal("delete")
	}
	// An unset local slot reads and writes the global through the parent.
	g := b.Slot("gold")
	if v, ok, isNum := b.Number(g); v != 7 || !ok || !isNum {
		t.Fatalf("global via slot = %v %v %v", v, ok, isNum)
	}
	b.SetNumber(g, 8)
	if v, _ := globals.Get("gold"); v != 8.0 {
		t.Fatalf("global write went to %#v", v)
	}
	if len(b.Names()) != 0 {
		t.Fatalf("local names %v", b.Names())
	}
	// Bools, boxed values and plain values.
	vis := b.Slot("visible")
	b.SetBool(vis, true)
	if v, ok, isBool := b.Bool(vis); !v || !ok || !isBool {
		t.Fatal("bool")
	}
	b.SetBoxedNumber(hp, 5, "boxed-five")
	if v, _ := b.Get("health"); v != "boxed-five" {
		t.Fatalf("boxed Get = %#v", v)
	}
	if v, _, _ := b.Number(hp); v != 5 {
		t.Fatalf("boxed Number = %v", v)
	}
	b.Set("name", "orc")
	if _, ok, isNum := b.Number(b.Slot("name")); !ok || isNum {
		t.Fatal("a string read as a number")
	}
	if v, ok := b.Value(b.Slot("name")); v != "orc" || !ok {
		t.Fatalf("Value = %v", v)
	}
}

// A tick that reads and writes through resolved slots allocates nothing.
func TestBlackboardSlotsNoAlloc(t *testing.T) {
	b := bt.NewBlackboard(nil)
	hp, vis := b.Slot("health"), b.Slot("visible")
	allocs := testing.AllocsPerRun(100, func() {
		b.SetNumber(hp, 12.5)
		b.SetBool(vis, true)
		if v, _, _ := b.Number(hp); v != 12.5 {
			t.Fatal(v)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations", allocs)
	}
}

// myNum is a foreign number type, as the Lua binding's lua.LNumber.
type myNum float64

// A Classifier makes Set store a foreign number unboxed, whoever sets it.
func TestBlackboardClassifier(t *testing.T) {
	b := bt.NewBlackboard(nil)
	b.Set("hp", myNum(3))
	if _, _, isNum := b.Number(b.Slot("hp")); isNum {
		t.Fatal("a foreign number read as a number without a classifier")
	}
	b.SetClassifier(func(v any) (float64, bool, bool) {
		n, ok := v.(myNum)
		return float64(n), ok, false
	})
	b.Set("hp", myNum(4))
	if v, ok, isNum := b.Number(b.Slot("hp")); v != 4 || !ok || !isNum {
		t.Fatalf("Number = %v %v %v", v, ok, isNum)
	}
	if v, _ := b.Get("hp"); v != myNum(4) {
		t.Fatalf("Get = %#v, want the value as set", v)
	}
}
