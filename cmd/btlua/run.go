package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/host/watch"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
	// exitInterrupted is the shell's code for a SIGINT.
	exitInterrupted = 130
)

// stuckTick is how long an interrupted btlua waits for the tick under way
// to end before it exits anyway.
const stuckTick = 2 * time.Second

// run is the whole command: it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "replay" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return runReplay(ctx, args[1:], stderr)
	}
	c, err := parseArgs(args, stderr)
	if errors.Is(err, errHelp) {
		return exitOK
	}
	if err != nil {
		return exitUsage
	}
	if c.version {
		fmt.Fprintln(stdout, "btlua", version)
		return exitOK
	}
	if c.stubs != "" {
		if err := writeStubs(c.stubs, stdout); err != nil {
			fmt.Fprintln(stderr, "btlua:", err)
			return exitFailed
		}
		return exitOK
	}
	scriptOut := stdout
	if c.dot {
		scriptOut = stderr // stdout carries the DOT text alone
	}
	h, err := host.New(host.Options{Stdout: scriptOut, Logger: slog.New(newLineHandler(stderr)),
		ExecutionType: c.execution, MaxTaskExecutions: c.maxExecutions, BTAIGlobals: true, Budget: c.budget, Sandbox: c.sandbox,
		MemoryLimit: uint64(c.memoryMiB) << 20, MaxStringSize: maxString(c.maxStringMiB),
		ErrorPolicy: host.ErrorPolicy{Action: c.onError}, Shards: c.shards})
	if err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	defer h.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	done := make(chan struct{})
	defer close(done)
	go interruptOnSignal(ctx, done, h, stderr)
	var stats *agentStats
	if c.agents > 0 {
		stats = startStats(c)
		defer stats.halt()
	}
	if agents, err := loadScript(h, c); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		if !c.watch || errors.Is(err, fs.ErrNotExist) {
			return exitFailed
		}
		fmt.Fprintln(stderr, "btlua: watching for a fixed version")
	} else if len(agents) == 0 {
		// The script ran, but there is nothing to tick: most likely a
		// forgotten return. It fails unless ticks were asked for anyway
		// (or --watch waits for a version that returns a tree).
		fmt.Fprintf(stderr, "btlua: %s returned no behavior tree, so there is nothing to tick (end the script with return tree, a task, or a list of them)\n", c.script)
		if !c.watch && c.ticks == 0 {
			return exitFailed
		}
	}
	if c.dot {
		writeDOT(h, stdout)
		return exitOK
	}
	if c.watch {
		if err := watch.Start(h, 0); err != nil {
			fmt.Fprintln(stderr, "btlua:", err)
			return exitFailed
		}
	}
	stopObserving, err := observe(ctx, h, c, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	stats.built(h)
	code := loop(ctx, h, c, stats, stderr)
	stats.report(stderr)
	// Close halts the tasks still running (the recording gets their
	// ends); under --strict an OnEnd that fails there fails the run.
	if err := h.Close(); err != nil && c.onError == host.FailTick && code == exitOK {
		code = exitFailed
	}
	stopObserving()
	return code
}

// interruptOnSignal stops the script running when Ctrl-C comes
// (Host.Interrupt), so the run ends after that tick and the deferred
// Close runs every OnEnd. Without a CPU budget (-budget 0) the host cannot
// interrupt a script: it exits when the tick under way has not ended
// within stuckTick (a script in an endless loop), skipping the OnEnds.
func interruptOnSignal(ctx context.Context, done <-chan struct{}, h *host.Host, stderr io.Writer) {
	select {
	case <-done:
		return
	case <-ctx.Done():
	}
	if h.Interrupt() || h.Budgeted() {
		return
	}
	select {
	case <-done:
	case <-time.After(stuckTick):
		fmt.Fprintln(stderr, "btlua: interrupted, but the tick under way does not end (a script in an endless loop?); exiting")
		os.Exit(exitInterrupted)
	}
}

// loop ticks the host until every tree has completed (or -ticks ticks, or
// an interrupt), pacing ticks in real time unless -fast. With -watch it
// goes on after the trees complete, so that a reload can run them again.
// It tells stats (nil without -agents) when the ticks have ended.
func loop(ctx context.Context, h *host.Host, c *config, stats *agentStats, stderr io.Writer) int {
	dt := 1 / c.hz
	period := time.Duration(float64(time.Second) / c.hz)
	next := time.Now()
	var tr *tracer
	if c.trace {
		tr = newTracer(stderr)
	}
	errs := &host.ErrorLog{W: stderr, Prefix: "btlua: "}
	defer errs.Flush()
	n := 0
	// With --inspect the run goes on after the trees complete (the page
	// stays up), and n counts the ticks made: a paused inspector skips
	// ticks, and then the loop waits a period.
	keepOn := c.watch || c.inspect != ""
	for ; (keepOn || !h.Done()) && (c.ticks == 0 || n < c.ticks) && ctx.Err() == nil; n = int(h.Ticks()) {
		if tr != nil {
			h.ApplyReloads() // h.Tick would apply them too, after tr.before
			tr.before(h, n+1)
		}
		err := h.Tick(dt)
		errs.Report(err, h.Clock())
		if tr != nil {
			tr.after(h, n+1)
		}
		if host.IsStrict(err) {
			n = int(h.Ticks())
			break
		}
		if !c.fast || (keepOn && h.Done()) || int(h.Ticks()) == n {
			next = next.Add(period)
			if d := time.Until(next); d > 0 {
				time.Sleep(d)
			}
		}
	}
	failed := len(h.Failed()) > 0
	stats.ended(h)
	if tr != nil {
		// Close halts the tasks still running: their trace lines close
		// the trace, under the last tick.
		h.Close()
		tr.flush(n)
	}
	if ctx.Err() != nil {
		return exitInterrupted // an agent the interrupt stopped is no failure
	}
	if failed || len(h.Failed()) > 0 {
		return exitFailed
	}
	return exitOK
}

// maxString is host.Options.MaxStringSize for -max-string MiB (0: no cap).
func maxString(mib int) int64 {
	if mib == 0 {
		return -1
	}
	return int64(mib) << 20
}
