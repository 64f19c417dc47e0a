package bt_test

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A tick that runs only Go tasks for ever (a Repeater under Count with a
// huge cap) asks the tree's Stop every bt.StopCheckInterval executions;
// once the stop flag is set, the next ask panics with a *bt.StopError that
// names the task about to run and carries Stop's error.
func TestStopEndsAnEndlessTick(t *testing.T) {
	var flag atomic.Bool
	stopErr := errors.New("CPU budget of 2s exceeded")
	calls := 0
	leaf := bt.NewFuncAction(func() bt.Status {
		calls++
		if calls == 5000 {
			flag.Store(true)
		}
		return bt.Success
	})
	tr := bt.NewBehaviorTree(bt.NewRepeatForever(leaf))
	tr.ExecutionType, tr.MaxTaskExecutions = bt.Count, 2000000000
	asks := 0
	tr.Stop = func() error {
		asks++
		if flag.Load() {
			return stopErr
		}
		return nil
	}
	var got any
	func() {
		defer func() { got = recover() }()
		tr.Tick(0.1)
	}()
	se, ok := got.(*bt.StopError)
	if !ok {
		t.Fatalf("Tick panicked with %#v, want a *bt.StopError", got)
	}
	if se.Task != bt.Task(leaf) || !errors.Is(se, stopErr) || se.Error() != stopErr.Error() {
		t.Errorf("StopError{Task: %s, Err: %v}, want the leaf %s and %v", bt.Path(se.Task), se.Err, bt.Path(leaf), stopErr)
	}
	// The flag was set at execution 5001 (the Repeater is the first); the
	// next ask, at execution 5120, stopped the leaf's 5119th run.
	if calls != 5118 || asks != 5 {
		t.Errorf("leaf ran %d times and Stop was asked %d times, want 5118 and 5", calls, asks)
	}
}

// A tick of fewer than bt.StopCheckInterval executions never asks Stop.
func TestStopNotAskedOnShortTicks(t *testing.T) {
	tr := bt.NewBehaviorTree(bt.NewRepeater(1000, bt.NewFuncAction(func() bt.Status { return bt.Success })))
	tr.ExecutionType, tr.MaxTaskExecutions = bt.Count, 2000
	tr.Stop = func() error { t.Fatal("Stop asked"); return nil }
	if s := tr.Tick(0.1); s != bt.Success {
		t.Errorf("status %v, want Success", s)
	}
}
