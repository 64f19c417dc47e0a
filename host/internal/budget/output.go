package budget

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"sync"
	"time"
)

// This file bounds how long a write of the scripts' output (print, and
// the libraries' own output) may block the host: stdout a pipe that
// nobody reads blocked the tick, and every later one, in a write no CPU
// budget could stop. With a budget, output to a file that is not a
// regular file (a pipe, a socket, a terminal) goes through a guard: each
// write runs on a goroutine of its own and the host waits for it at most
// one budget. A write that takes longer is left to finish alone; the
// output is then dropped, with a note in the log (Options.Logger), until
// it has finished, and the note when it has says how much was dropped:
//
//	output blocked: a write to stdout took over the CPU budget of 2s; output is dropped until it drains
//	output drained: 1048576 bytes of output were dropped while it was blocked
//
// A stretch of script work that prints to a blocked output thus waits at
// most one budget in all (later prints are dropped at once), and the
// budget stops it as any other; a sharded host's frame output, written
// between ticks, waits at most one budget too. Other writers (a
// bytes.Buffer, a regular file) are used as they are.

// OutputGuard is the guard of one output (GuardOutput).
type OutputGuard struct {
	w    io.Writer
	wait time.Duration
	log  *slog.Logger

	mu      sync.Mutex
	started bool
	closed  bool
	blocked bool  // a write is still under way, past the wait
	dropped int64 // bytes dropped since it blocked
	reqs    chan []byte
	done    chan error // the result of each write, when it is over
	timer   *time.Timer
}

// GuardOutput returns w guarded when it needs to be (see above): budget
// > 0 and w an *os.File that is not a regular file, as an *OutputGuard
// that waits at most budget for a write and logs to log; else w.
func GuardOutput(w io.Writer, budget time.Duration, log *slog.Logger) io.Writer {
	f, ok := w.(*os.File)
	if !ok || budget <= 0 {
		return w
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		return w
	}
	return &OutputGuard{w: w, wait: budget, log: log}
}

// Write writes p, waiting at most the budget, or drops it while the
// output is blocked; p is not kept.
func (g *OutputGuard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return g.w.Write(p)
	}
	if g.blocked {
		select {
		case <-g.done:
			g.blocked = false
			g.log.Warn(fmt.Sprintf("output drained: %d bytes of output were dropped while it was blocked", g.dropped))
			g.dropped = 0
		default:
			g.dropped += int64(len(p))
			return len(p), nil
		}
	}
	if !g.started {
		g.started = true
		g.reqs, g.done = make(chan []byte), make(chan error, 1)
		g.timer = time.NewTimer(g.wait)
		go g.run()
	} else {
		g.timer.Reset(g.wait)
	}
	g.reqs <- slices.Clone(p)
	select {
	case err := <-g.done:
		g.timer.Stop()
		if err != nil {
			return 0, err
		}
		return len(p), nil
	case <-g.timer.C:
		g.blocked, g.dropped = true, int64(len(p))
		g.log.Warn(fmt.Sprintf("output blocked: a write to stdout took over the CPU budget of %v; output is dropped until it drains", g.wait))
		return len(p), nil
	}
}

// run writes what Write hands it, one write at a time, until Close.
func (g *OutputGuard) run() {
	for p := range g.reqs {
		_, err := g.w.Write(p)
		g.done <- err
	}
}

// Close ends the guard (Host.Close): later writes go straight to the
// output; a write still blocked finishes alone.
func (g *OutputGuard) Close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.closed && g.started {
		close(g.reqs)
		g.timer.Stop()
	}
	g.closed = true
}

// Settle waits until a blocked write has finished (tests).
func (g *OutputGuard) Settle() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.blocked {
		err := <-g.done
		g.done <- err
	}
}
