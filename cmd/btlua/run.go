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

// stuckTick is how long after a Ctrl-C btlua lets the run end by itself
// (the tick under way, then the OnEnds of Close) before it stops the
// scripts still running (see interrupter).
const stuckTick = 2 * time.Second

// run is the whole command: it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "replay" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return runReplay(ctx, args[1:], stdout, stderr)
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
			fmt.Fprintln(stderr, "btlua:", fileError("--lua-stubs", c.stubs, "write there", err))
			return exitFailed
		}
		return exitOK
	}
	if err := checkScript(c.script); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	for _, f := range []struct{ name, path string }{{"save", c.save}, {"record", c.record}} {
		if err := checkWriteTarget(f.name, f.path); err != nil {
			fmt.Fprintln(stderr, "btlua:", err)
			return exitFailed
		}
	}
	if err := restoreShards(c); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	scriptOut := stdout
	if c.dot {
		scriptOut = stderr // stdout carries the DOT text alone
	}
	h, err := host.New(host.Options{Stdout: scriptOut, Logger: slog.New(newLineHandler(stderr)),
		ExecutionType: c.execution, MaxTaskExecutions: c.maxExecutions, BTAIGlobals: true, Budget: c.budget, Sandbox: c.sandbox,
		MemoryLimit: uint64(c.memoryMiB) << 20, MaxStringSize: maxString(c.maxStringMiB),
		ErrorPolicy: host.ErrorPolicy{Action: c.onError}, Shards: c.shards, FrameBudget: c.frame.budget})
	if err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	defer h.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	intr := startInterrupter(h, stderr, c.save != "")
	defer intr.stop()
	var stats *agentStats
	if c.agents > 0 {
		stats = startStats(c)
		defer stats.halt()
	}
	if agents, err := startAgents(h, c, stderr); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		if ctx.Err() != nil || intr.interrupted() {
			return exitInterrupted // Ctrl-C stopped the load
		}
		// The watcher reloads the script, never the save: a restore
		// that failed is not waited on.
		if !c.watch || c.restore != "" || errors.Is(err, fs.ErrNotExist) {
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
	if err := c.frame.apply(h.Agents()); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		if _, near := err.(*nearError); near {
			io.WriteString(stderr, usageHint)
			return exitUsage
		}
		return exitFailed
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
	if c.profile {
		h.StartProfile(nil)
	}
	code := loop(ctx, h, c, intr, stats, stderr)
	stats.report(stderr)
	if c.profile {
		writeProfile(stderr, h.Profile())
	}
	if err := writeSave(h, c, stderr); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		if code == exitOK {
			code = exitFailed
		}
	}
	// Close halts the tasks still running (the recording gets their
	// ends). An OnEnd that fails there fails the run, as one failing in
	// a tick stops its tree and fails the run (with or without
	// --strict); an interrupted run still exits 130.
	if err := h.Close(); err != nil && code == exitOK {
		code = exitFailed
	}
	if intr.interruptedHard() {
		code = exitInterrupted // an OnEnd cut short by Ctrl-C is no failure
	}
	if !stopObserving() && code == exitOK {
		code = exitFailed
	}
	return code
}

// loop ticks the host until every tree has completed (or -ticks ticks, or
// an interrupt), pacing ticks in real time unless -fast. With -watch it
// goes on after the trees complete, so that a reload can run them again.
// It tells stats (nil without -agents) when the ticks have ended.
func loop(ctx context.Context, h *host.Host, c *config, intr *interrupter, stats *agentStats, stderr io.Writer) int {
	dt := 1 / c.hz
	period := time.Duration(float64(time.Second) / c.hz)
	next := time.Now()
	pace := time.NewTimer(time.Hour)
	pace.Stop()
	defer pace.Stop()
	var tr *tracer
	if c.trace {
		tr = newTracer(stderr)
	}
	errs := &host.ErrorLog{W: stderr, Prefix: "btlua: "}
	defer errs.Flush()
	// n counts the ticks of this run: a restored host starts at the
	// saved tick count.
	base := int(h.Ticks())
	n, strict := 0, false
	// With --inspect the run goes on after the trees complete (the page
	// stays up), and n counts the ticks made: a paused inspector skips
	// ticks, and then the loop waits a period.
	keepOn := c.watch || c.inspect != ""
	for ; (keepOn || !h.Done()) && (c.ticks == 0 || n < c.ticks) && ctx.Err() == nil && !intr.interrupted(); n = int(h.Ticks()) - base {
		if tr != nil {
			h.ApplyReloads() // h.Tick would apply them too, after tr.before
			tr.before(h, base+n+1)
		}
		err := stats.tick(h, dt)
		if tr != nil { // the tick's lines, then its errors
			tr.after(h, base+n+1)
		}
		errs.Report(err, h.Clock())
		if host.IsStrict(err) {
			// The failing agent is in h.Failed(); a strict error of no
			// agent (a table global changed in place) fails the run too.
			strict = true
			n = int(h.Ticks()) - base
			break
		}
		// No wait after the last tick: the loop is about to end.
		last := (!keepOn && h.Done()) || (c.ticks != 0 && int(h.Ticks())-base >= c.ticks)
		if !last && (!c.fast || (keepOn && h.Done()) || int(h.Ticks())-base == n) {
			if paced != nil {
				paced()
			}
			next = next.Add(period)
			if d := time.Until(next); d > 0 {
				sleepUnlessDone(ctx, pace, d)
			}
		}
	}
	intr.ticksOver()
	failed := len(h.Failed()) > 0
	stats.ended(h)
	if tr != nil {
		// Close halts the tasks still running: their trace lines close
		// the trace, under the last tick.
		h.Close()
		tr.flush(base + n)
	}
	if ctx.Err() != nil || intr.interrupted() {
		// An agent the interrupt stopped is no failure. The flag is set
		// before the interrupt reaches the script; the context may hear
		// of the signal only after the tick returned.
		return exitInterrupted
	}
	if strict || failed || len(h.Failed()) > 0 {
		return exitFailed
	}
	return exitOK
}

// paced, when set (by tests), is called each time the loop waits for
// the next tick's time.
var paced func()

// sleepUnlessDone waits d on t (a stopped or fired timer, reused from
// tick to tick), or less when ctx is done first (Ctrl-C): a long tick
// period (-hz 0.1 waits 10 s) must not delay the interrupt.
func sleepUnlessDone(ctx context.Context, t *time.Timer, d time.Duration) {
	t.Reset(d)
	select {
	case <-t.C:
	case <-ctx.Done():
		t.Stop()
	}
}

// maxString is host.Options.MaxStringSize for -max-string MiB (0: no cap).
func maxString(mib int) int64 {
	if mib == 0 {
		return -1
	}
	return int64(mib) << 20
}
