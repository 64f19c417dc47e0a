package shards

import (
	"runtime"
	"testing"
	"time"
)

// A goroutine whose busy wait has run out sleeps, and rouse wakes it
// once its condition holds.
func TestParkingSleepsThenWakes(t *testing.T) {
	p := &parking{wake: make(chan struct{}, 1)}
	var ready, returned = make(chan bool, 1), make(chan struct{})
	flag := false
	go func() {
		p.await(func() bool {
			select {
			case v := <-ready:
				flag = v
			default:
			}
			return flag
		})
		close(returned)
	}()
	// The waiter goes to sleep once its busy wait has run out (spin).
	for !p.sleeping.Load() {
		runtime.Gosched()
	}
	select {
	case <-returned:
		t.Fatal("await returned before its condition held")
	default:
	}
	ready <- true
	p.rouse()
	select {
	case <-returned:
	case <-time.After(5 * time.Second):
		t.Fatal("await did not return after rouse")
	}
	if p.sleeping.Load() {
		t.Fatal("sleeping still set after the wake-up")
	}
}
