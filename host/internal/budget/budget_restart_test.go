package budget

import (
	"testing"
	"time"
)

// Restart clears a stretch's expiry over its time and starts its clock
// anew; an interrupted stretch stays expired, also one interrupted after
// it expired over its time; none runs outside a stretch.
func TestBudgetRestart(t *testing.T) {
	b, err := New(time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	if b.Restart() {
		t.Fatal("Restart outside a stretch reported a restart")
	}
	expire := func() { b.state.Store(b.state.Load() | stretchExpired) } // as the watchdog does
	b.Begin("OnEnd at Close", named("agent a"))
	expire()
	if got, want := b.Err().Error(), "CPU budget of 1s exceeded (OnEnd at Close of agent a)"; got != want {
		t.Fatalf("err %q, want %q", got, want)
	}
	if !b.Restart() || b.Expired() || b.Done() != nil || b.Err() != nil || !b.Active() {
		t.Fatalf("after Restart: expired %v, err %v, active %v", b.Expired(), b.Err(), b.Active())
	}
	expire()
	if !b.Restart() || b.Expired() {
		t.Fatal("a second expiry was not restarted")
	}
	b.Interrupt()
	if b.Restart() || !b.Expired() || b.Err().Error() != "interrupted (OnEnd at Close of agent a)" {
		t.Fatalf("interrupted: restarted, or err %v", b.Err())
	}
	b.End()
	b.Begin("OnEnd at Close", named("agent b"))
	expire()
	b.Interrupt()
	if b.Restart() || !b.Expired() || b.Err().Error() != "interrupted (OnEnd at Close of agent b)" {
		t.Fatalf("expired, then interrupted: restarted, or err %v", b.Err())
	}
	b.End()
}
