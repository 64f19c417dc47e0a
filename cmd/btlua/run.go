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
	scriptOut := stdout
	if c.dot {
		scriptOut = stderr // stdout carries the DOT text alone
	}
	h, err := host.New(host.Options{Stdout: scriptOut, Logger: slog.New(newLineHandler(stderr)),
		ExecutionType: c.execution, MaxTaskExecutions: c.maxExecutions})
	if err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	defer h.Close()
	if agents, err := h.LoadFile(c.script); err != nil {
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	done := make(chan struct{})
	defer close(done)
	go exitIfStuck(ctx, done, stderr)
	return loop(ctx, h, c, stderr)
}

// exitIfStuck exits the process when, after an interrupt, the tick under
// way has not ended within stuckTick (a script in an endless loop cannot be
// stopped between two ticks).
func exitIfStuck(ctx context.Context, done <-chan struct{}, stderr io.Writer) {
	select {
	case <-done:
		return
	case <-ctx.Done():
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
func loop(ctx context.Context, h *host.Host, c *config, stderr io.Writer) int {
	dt := 1 / c.hz
	period := time.Duration(float64(time.Second) / c.hz)
	next := time.Now()
	var tr *tracer
	if c.trace {
		tr = newTracer(stderr)
	}
	for n := 0; (c.watch || !h.Done()) && (c.ticks == 0 || n < c.ticks) && ctx.Err() == nil; n++ {
		if tr != nil {
			h.ApplyReloads() // h.Tick would apply them too, after tr.before
			tr.before(h, n+1)
		}
		if err := h.Tick(dt); err != nil {
			fmt.Fprintln(stderr, "btlua:", err)
		}
		if tr != nil {
			tr.after(h, n+1)
		}
		if !c.fast || (c.watch && h.Done()) {
			next = next.Add(period)
			if d := time.Until(next); d > 0 {
				time.Sleep(d)
			}
		}
	}
	if len(h.Failed()) > 0 {
		return exitFailed
	}
	if ctx.Err() != nil {
		return exitInterrupted
	}
	return exitOK
}
