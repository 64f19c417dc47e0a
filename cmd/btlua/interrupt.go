package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"time"

	"github.com/btlua/btlua/host"
)

// interrupter is btlua's Ctrl-C. The first one stops the script running
// in a tick (or a load, or a reload) at once (Host.Interrupt), and every
// script the tick runs after it (each agent is a stretch of its own, and
// several may loop) until the tick returns, so the run ends after that
// tick, and Close runs every OnEnd: they get the rest of
// stuckTick from the Ctrl-C to finish. A run that has not returned by
// then, or a second Ctrl-C, has the scripts still running interrupted
// (an OnEnd at Close is cut short; the run exits 130); without a CPU
// budget (-budget 0), or when the script is blocked outside Lua (in
// os.execute, a read), btlua exits 130 at once, skipping what is left.
// With --save (finishTick) the first Ctrl-C cuts no script: the tick under
// way ends, the run stops after it, and the save is written.
type interrupter struct {
	h      *host.Host
	stderr io.Writer
	sig    chan os.Signal
	mu     sync.Mutex
	// over is closed once the ticks are over (ticksOver): the first
	// Ctrl-C then interrupts nothing at once, so the OnEnds of Close run
	// whole within the grace. done is closed when the run returns (stop).
	over, done         chan struct{}
	overOnce, doneOnce sync.Once
	// forced is set once the grace ran out or a second Ctrl-C came:
	// whatever script work was cut, the run exits 130.
	forced atomic.Bool
	// finishTick is set with --save: the first Ctrl-C lets the tick
	// under way end (within the grace) instead of stopping its script
	// midway, so that every agent is whole when the save is written.
	finishTick bool
	// signalled is set at the first Ctrl-C, before anything is
	// interrupted: a load or tick that returns interrupted sees it set.
	signalled atomic.Bool
}

// forcePoll is how often a forced interrupt is repeated: Close runs the
// OnEnds of each agent as a stretch of its own, and each must be cut.
const forcePoll = 10 * time.Millisecond

// tickPoll is how often the first Ctrl-C's interrupt is repeated until
// the ticks are over: each agent's tick is a stretch of its own, and the
// agents after the one stopped may loop too.
const tickPoll = 2 * time.Millisecond

// startInterrupter starts listening for Ctrl-C (SIGINT); call stop when
// the run returns.
func startInterrupter(h *host.Host, stderr io.Writer, finishTick bool) *interrupter {
	in := &interrupter{h: h, stderr: stderr, sig: make(chan os.Signal, 2),
		over: make(chan struct{}), done: make(chan struct{}), finishTick: finishTick}
	signal.Notify(in.sig, os.Interrupt)
	go in.wait()
	return in
}

func (in *interrupter) wait() {
	select {
	case <-in.done:
		return
	case <-in.sig:
	}
	in.signalled.Store(true)
	grace := time.NewTimer(stuckTick)
	defer grace.Stop()
	poll := time.NewTicker(tickPoll)
	defer poll.Stop()
	if in.finishTick {
		// The run stops after the tick under way (the loop sees the
		// signal's context); only a tick that does not end in the grace,
		// or a second Ctrl-C, is cut.
		select {
		case <-in.done:
			return
		case <-in.over:
		case <-in.sig:
			fmt.Fprintln(in.stderr, "btlua: interrupted twice; stopping the script running")
			in.force()
			return
		case <-grace.C:
			fmt.Fprintf(in.stderr, "btlua: interrupted, but the tick under way does not end within %v (an endless loop?); stopping it, and the save will refuse the agent it stops\n", stuckTick)
			in.force()
			return
		}
	}
	for !in.finishTick && in.interruptTick() {
		// Every script the tick runs after the one stopped is stopped
		// too (another agent in an endless loop), until the tick returns.
		select {
		case <-in.done:
			return
		case <-poll.C:
			continue
		case <-in.sig:
			fmt.Fprintln(in.stderr, "btlua: interrupted twice; stopping the script running")
		case <-grace.C:
			fmt.Fprintf(in.stderr, "btlua: interrupted, but the script running (a tick, a load or a reload) does not end within %v (an endless loop?); stopping it\n", stuckTick)
		}
		in.force()
		return
	}
	select {
	case <-in.done:
		return
	case <-in.sig:
		fmt.Fprintln(in.stderr, "btlua: interrupted twice; stopping the script running")
	case <-grace.C:
		select {
		case <-in.over:
			fmt.Fprintf(in.stderr, "btlua: interrupted, but the OnEnds at exit do not end within %v (a script in an endless loop?); stopping them\n", stuckTick)
		default:
			fmt.Fprintf(in.stderr, "btlua: interrupted, but the script running (a tick, a load or a reload) does not end within %v (an endless loop?); stopping it\n", stuckTick)
		}
	}
	in.force()
}

// interruptTick stops the script running now (Host.Interrupt) unless the
// ticks are over, and reports whether they were not: Close runs the
// OnEnds then, and they run whole within the grace. The lock keeps the
// interrupt from reaching a stretch begun after ticksOver.
func (in *interrupter) interruptTick() bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	select {
	case <-in.over:
		return false
	default:
		in.h.Interrupt()
		return true
	}
}

// force interrupts every stretch of script work until the run returns;
// without a budget, or when that takes stuckTick (a script blocked
// outside Lua), it exits 130 at once.
func (in *interrupter) force() {
	in.forced.Store(true)
	if !in.h.Budgeted() {
		fmt.Fprintln(in.stderr, "btlua: no CPU budget (--budget 0) to stop the script with; exiting")
		os.Exit(exitInterrupted)
	}
	poll := time.NewTicker(forcePoll)
	defer poll.Stop()
	deadline := time.After(stuckTick)
	for {
		in.h.Interrupt()
		select {
		case <-in.done:
			return
		case <-poll.C:
		case <-in.sig:
		case <-deadline:
			fmt.Fprintln(in.stderr, "btlua: the script does not stop (blocked outside Lua?); exiting")
			os.Exit(exitInterrupted)
		}
	}
}

// ticksOver says the last tick has ended: from now on the first Ctrl-C
// interrupts no script at once. It waits for an interrupt under way, so
// that it cannot expire a stretch of script work begun after it (the
// OnEnds of Close).
func (in *interrupter) ticksOver() {
	in.mu.Lock()
	in.overOnce.Do(func() { close(in.over) })
	in.mu.Unlock()
}

// interruptedHard reports whether the grace ran out or a second Ctrl-C
// came: script work (an OnEnd at Close) may have been cut, and the run
// exits 130.
func (in *interrupter) interruptedHard() bool { return in.forced.Load() }

// interrupted reports whether a Ctrl-C came. It is set before the
// interrupt reaches the script, so an error of a load it stopped sees it
// (the NotifyContext's own goroutine may not have run yet).
func (in *interrupter) interrupted() bool { return in.signalled.Load() }

// stop ends the interrupter when the run returns.
func (in *interrupter) stop() {
	in.ticksOver()
	in.doneOnce.Do(func() {
		signal.Stop(in.sig)
		close(in.done)
	})
}
