package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/btlua/btlua/host"
)

// interrupter stops the script running when Ctrl-C comes (Host.Interrupt),
// so the run ends after that tick and Close runs every OnEnd. Without a
// CPU budget (-budget 0) the host cannot interrupt a script: btlua exits
// when the run has not ended within stuckTick (a script in an endless
// loop), skipping the OnEnds.
type interrupter struct {
	mu sync.Mutex
	// over is closed once the ticks are over (ticksOver): a Ctrl-C after
	// that interrupts nothing, so it cannot cut short the OnEnds of
	// Close. done is closed when the run returns (stop).
	over, done         chan struct{}
	overOnce, doneOnce sync.Once
}

// startInterrupter starts listening for ctx's end (the Ctrl-C of
// signal.NotifyContext); call stop when the run returns.
func startInterrupter(ctx context.Context, h *host.Host, stderr io.Writer) *interrupter {
	in := &interrupter{over: make(chan struct{}), done: make(chan struct{})}
	go in.wait(ctx, h, stderr)
	return in
}

func (in *interrupter) wait(ctx context.Context, h *host.Host, stderr io.Writer) {
	select {
	case <-in.done:
		return
	case <-ctx.Done():
	}
	in.mu.Lock()
	interrupted := false
	select {
	case <-in.over:
		// Close runs the OnEnds: they run whole (within the budget).
	default:
		// The main goroutine is in a tick's stretch or between ticks:
		// the interrupt cannot reach a stretch begun after ticksOver.
		interrupted = h.Interrupt()
	}
	in.mu.Unlock()
	if interrupted || h.Budgeted() {
		return
	}
	select {
	case <-in.done:
	case <-time.After(stuckTick):
		fmt.Fprintln(stderr, "btlua: interrupted, but the tick under way does not end (a script in an endless loop?); exiting")
		os.Exit(exitInterrupted)
	}
}

// ticksOver says the last tick has ended: from now on a Ctrl-C
// interrupts no script. It waits for an interrupt under way, so that it
// cannot expire a stretch of script work begun after it (the OnEnds of
// Close).
func (in *interrupter) ticksOver() {
	in.mu.Lock()
	in.overOnce.Do(func() { close(in.over) })
	in.mu.Unlock()
}

// stop ends the interrupter when the run returns (a run without a CPU
// budget that has not returned within stuckTick of a Ctrl-C exits
// anyway, stuck in a tick or in an OnEnd at Close).
func (in *interrupter) stop() {
	in.ticksOver()
	in.doneOnce.Do(func() { close(in.done) })
}
