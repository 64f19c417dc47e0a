package schedule

import (
	"testing"
	"time"
)

// BenchmarkPlan10000: one frame's plan of 10,000 slots, the near tenth
// every frame and the rest at 5 Hz, a budget of 4 ms, 2 lanes, costs of
// 3 µs (about 1750 slots due a frame, all fitting).
func BenchmarkPlan10000(b *testing.B) {
	const n = 10000
	slots := make([]Slot, n)
	var p Planner
	p.SetBudget(4 * time.Millisecond)
	for i := range slots {
		if i >= n/10 {
			slots[i].SetInterval(0.2)
		}
		p.Observe(&slots[i], 3*time.Microsecond)
	}
	item := func(i int) Item { return Item{Slot: &slots[i], Lane: i % 2} }
	clock := 0.0
	for range 24 { // past the first wave
		clock += 1.0 / 60
		p.Plan(clock, 1.0/60, n, 2, item, nil)
	}
	b.ResetTimer()
	for range b.N {
		clock += 1.0 / 60
		p.Plan(clock, 1.0/60, n, 2, item, nil)
	}
}
