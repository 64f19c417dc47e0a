package budget

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// This file holds the CPU budget: the wall-clock time one stretch of
// script work may take (to the host: one agent's tick, loading a script,
// reloading a file, one agent's OnEnds at Close). It uses gopher-lua's
// context support: while a stretch runs, the Lua state carries the Budget
// as its context, whose Done channel the VM polls at every backward jump,
// loop step, call, tail call and return (lua/luavm's SetContext: no Lua
// code runs on without one of these), and which a watchdog timer marks
// expired once the stretch has run for the budget. The VM then raises a
// Lua error at that instruction ("file:line: CPU budget of 20ms exceeded
// ..."), and keeps raising it at every further one until the stretch
// ends, so a pcall in the script cannot swallow it.
//
// Cost: outside a stretch the state has no context and the VM runs its
// plain loop; a stretch costs two atomic stores (Begin and End), and Lua
// code inside it one atomic load per poll (Done). The watchdog
// fires every quarter budget while stretches run and stops when none has
// run for a period, so an idle host has no timer.

// Stretch states, packed with a generation count in Budget.state.
const (
	stretchActive  = 1
	stretchExpired = 2
	stretchShift   = 2
	// watchdogSightings is how many watchdog periods make a budget (a
	// quarter budget each, at most 10 ms with a memory limit): a stretch
	// is stopped one budget after the watchdog first saw it, between 1
	// and 1.25 budgets after it began when the timer runs on time (later
	// by the timer's delay when it does not, see watch).
	watchdogSightings = 4
)

// closedChan is the Done channel of an expired stretch.
var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// A Describer names the one whose script a stretch runs (to the host, an
// agent: "agent guard, npc.lua return value 1") in the Budget's errors.
type Describer interface {
	// Describe returns the name, called once, when the stretch expires.
	Describe() string
}

// Budget is the CPU budget of one Lua state (and its memory limit's
// watchdog). It is the context.Context set on the state (and on every
// coroutine) during a stretch. Begin, End, Depth, Stop and the Lua
// state's calls of Done and Err are the ticking goroutine's; Interrupt
// and Active may be called from any goroutine.
type Budget struct {
	limit  time.Duration
	period time.Duration // of the watchdog

	// state is gen<<stretchShift | stretchActive | stretchExpired; gen
	// counts stretches, so the watchdog can tell a new stretch from one
	// it has seen before, and never marks a stretch that has ended.
	state atomic.Uint64
	// reason says why the running stretch expired: over its time
	// (reasonTime), interrupted (Interrupt) or over the memory limit.
	reason atomic.Int32
	armed  atomic.Bool
	timer  *time.Timer

	// Ticking goroutine only.
	gen   uint64
	depth int       // nesting of stretches; only the outermost counts
	what  string    // what the stretch does ("tick", "loading x.lua")
	who   Describer // whose script runs, or nil
	err   error     // the error of the expired stretch, built once

	// Watchdog only (under mu): the stretch seen last, and when it was
	// first seen.
	mu     sync.Mutex
	seen   uint64
	seenAt time.Time
	mem    *heapWatch       // nil without a memory limit
	now    func() time.Time // time.Now (a test's clock)
}

// Why a stretch expired.
const (
	reasonTime int32 = iota
	reasonInterrupted
	reasonMemory
)

// noTimeLimit is the period of the watchdog of a budget with a memory
// limit and no time limit: it checks the heap, never the time.
const noTimeLimit = 10 * time.Millisecond

// New returns the budget of limit (wall-clock time per stretch; 0 for
// none) whose watchdog also checks the memory limit mem (nil without
// one), or nil for neither (0, nil). A negative limit is an error
// ("host: Budget must not be negative, got -1s").
func New(limit time.Duration, mem *Heap) (*Budget, error) {
	if limit < 0 {
		return nil, fmt.Errorf("host: Budget must not be negative, got %v", limit)
	}
	if limit == 0 && mem == nil {
		return nil, nil
	}
	b := &Budget{limit: limit, period: max(limit/watchdogSightings, time.Microsecond), mem: newHeapWatch(mem), now: time.Now}
	if limit == 0 || (b.mem != nil && b.period > noTimeLimit) {
		b.period = noTimeLimit // the heap is checked at least every 10 ms
	}
	b.timer = time.AfterFunc(time.Hour, b.watch)
	b.timer.Stop()
	return b, nil
}

// Begin starts a stretch: what it does ("tick", "loading x.lua") and
// whose script runs (or nil), for the error message. A stretch begun
// inside another one is part of it.
func (b *Budget) Begin(what string, who Describer) {
	b.depth++
	if b.depth > 1 {
		return
	}
	b.gen++
	b.what, b.who, b.err = what, who, nil
	b.reason.Store(reasonTime)
	b.state.Store(b.gen<<stretchShift | stretchActive)
	if !b.armed.Load() && b.armed.CompareAndSwap(false, true) {
		b.timer.Reset(b.period)
	}
}

// End ends the stretch begun last.
func (b *Budget) End() {
	b.depth--
	if b.depth > 0 {
		return
	}
	if b.mem != nil {
		if s := b.state.Load(); s&stretchExpired != 0 && b.reason.Load() == reasonMemory {
			b.mem.heap.stopped.Store(true)
		}
	}
	b.state.Store(b.gen << stretchShift)
}

// Depth returns how many stretches are under way, nested: 0 outside any,
// 1 inside the outermost (the one the budget counts).
func (b *Budget) Depth() int { return b.depth }

// Active reports whether a stretch is running now; safe from any
// goroutine.
func (b *Budget) Active() bool { return b.state.Load()&stretchActive != 0 }

// watch is the watchdog, run by the timer every period while stretches
// run: it marks a stretch expired once a budget of wall-clock time has
// passed since it first saw it running (at most a period after it began).
// The time is read, not the periods counted: under a busy machine or a
// garbage collection that scans a large heap the timer runs late, and
// counting 200 periods of 10 ms (a budget of 2 s with a memory limit)
// took over 10 s.
func (b *Budget) watch() {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.state.Load()
	if s&stretchActive == 0 {
		b.armed.Store(false)
		// A stretch that began after the load above saw armed true and
		// did not arm the timer: arm it here (Begin and watch both store
		// before they load, so one of them sees the other).
		if b.state.Load()&stretchActive != 0 && b.armed.CompareAndSwap(false, true) {
			b.timer.Reset(b.period)
		}
		return
	}
	if b.mem != nil && s&stretchExpired == 0 && b.mem.over(s>>stretchShift) {
		b.reason.Store(reasonMemory)
		if !b.state.CompareAndSwap(s, s|stretchExpired) {
			b.reason.Store(reasonTime)
		}
	}
	now := b.now()
	if s != b.seen {
		b.seen, b.seenAt = s, now
	} else if s&stretchExpired == 0 && b.limit > 0 && now.Sub(b.seenAt) >= b.limit {
		b.state.CompareAndSwap(s, s|stretchExpired)
	}
	b.timer.Reset(b.period)
}

// Restart gives the running stretch a fresh budget, its clock started
// anew and an expiry over its time cleared, so that script work after the
// error the expiry raised (the next OnEnd of a halt) runs; it reports
// whether it restarted. An interrupted stretch, or one stopped over the
// memory limit, stays expired (false), as does none running.
func (b *Budget) Restart() bool {
	if b.depth == 0 {
		return false
	}
	for {
		s := b.state.Load()
		if s&stretchExpired != 0 && b.reason.Load() != reasonTime {
			return false
		}
		b.gen++
		if b.state.CompareAndSwap(s, b.gen<<stretchShift|stretchActive) {
			break
		}
	}
	b.err = nil
	// An Interrupt that saw the stretch expired over its time just
	// before the swap above marked the reason only: expire it again.
	if b.reason.Load() == reasonInterrupted {
		b.Interrupt()
		return false
	}
	return true
}

// Interrupt expires the running stretch now, as an interruption; safe
// from any goroutine. It reports whether a stretch was running.
func (b *Budget) Interrupt() bool {
	for {
		s := b.state.Load()
		if s&stretchActive == 0 {
			return false
		}
		if s&stretchExpired != 0 {
			// Expired over its time: keep the stretch from a Restart.
			b.reason.CompareAndSwap(reasonTime, reasonInterrupted)
			return true
		}
		b.reason.Store(reasonInterrupted)
		if b.state.CompareAndSwap(s, s|stretchExpired) {
			return true
		}
	}
}

// Stop stops the watchdog for good (the host's Close).
func (b *Budget) Stop() { b.timer.Stop() }

// Deadline implements context.Context: no deadline is known in advance.
func (b *Budget) Deadline() (time.Time, bool) { return time.Time{}, false }

// Done implements context.Context: a closed channel once the running
// stretch has expired, else nil (never ready). The VM calls it at every
// loop step, call and return.
func (b *Budget) Done() <-chan struct{} {
	if b.state.Load()&stretchExpired != 0 {
		return closedChan
	}
	return nil
}

// Err implements context.Context: the error of the expired stretch, which
// the VM raises as a Lua error at the instruction it stopped: "CPU budget
// of 20ms exceeded (WHAT of WHO)", "interrupted (WHAT of WHO)" or "memory
// limit of 1 GiB exceeded (WHAT of WHO)", without " of WHO" when the
// stretch has no Describer; nil while it has not expired.
func (b *Budget) Err() error {
	if b.state.Load()&stretchExpired == 0 {
		return nil
	}
	if b.err == nil {
		what := b.what
		if b.who != nil {
			what += " of " + b.who.Describe()
		}
		switch b.reason.Load() {
		case reasonInterrupted:
			b.err = errors.New("interrupted (" + what + ")")
		case reasonMemory:
			b.err = fmt.Errorf("memory limit of %s exceeded (%s)", BytesText(float64(b.mem.heap.limit)), what)
		default:
			b.err = fmt.Errorf("CPU budget of %v exceeded (%s)", b.limit, what)
		}
	}
	return b.err
}

// Expired reports whether the running stretch has expired (over its
// time, interrupted or over the memory limit), as Done's closed channel
// does.
func (b *Budget) Expired() bool { return b.state.Load()&stretchExpired != 0 }

// Value implements context.Context: the budget carries no values.
func (b *Budget) Value(any) any { return nil }

var _ context.Context = (*Budget)(nil)
