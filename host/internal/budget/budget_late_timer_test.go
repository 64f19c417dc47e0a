package budget

import (
	"testing"
	"time"
)

// The watchdog stops a stretch one budget of wall-clock time after it
// first saw it, however few times its timer ran in between (a busy
// machine, or a collection scanning a large heap, delays the timer: 200
// periods of 10 ms took over 10 s); and never sooner.
func TestBudgetLateTimer(t *testing.T) {
	for _, mem := range []*Heap{nil, NewHeap(1 << 40)} {
		b, err := New(2*time.Second, mem)
		if err != nil {
			t.Fatal(err)
		}
		clock := time.Unix(1000, 0)
		b.now = func() time.Time { return clock }
		b.period = time.Hour // the test runs the watchdog itself
		b.armed.Store(true)
		b.Begin("tick", nil)
		b.watch()
		clock = clock.Add(2*time.Second - time.Millisecond)
		b.watch()
		if b.Err() != nil {
			t.Fatalf("memory limit %v: expired %v before its budget", mem != nil, b.Err())
		}
		clock = clock.Add(time.Millisecond)
		b.watch()
		b.Stop()
		if err := b.Err(); err == nil || err.Error() != "CPU budget of 2s exceeded (tick)" {
			t.Errorf("memory limit %v: error %v after two late runs of the watchdog, want the CPU budget's", mem != nil, err)
		}
		b.End()
	}
}
