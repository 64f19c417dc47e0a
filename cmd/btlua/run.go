package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"time"

	"github.com/btlua/btlua/host"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

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
	h, err := host.New(host.Options{Stdout: stdout, Stderr: stderr})
	if err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		return exitFailed
	}
	defer h.Close()
	if _, err := h.LoadFile(c.script); err != nil {
		fmt.Fprintln(stderr, "btlua:", err)
		if !c.watch || errors.Is(err, fs.ErrNotExist) {
			return exitFailed
		}
		fmt.Fprintln(stderr, "btlua: watching for a fixed version")
	}
	if c.dot {
		writeDOT(h, stdout)
		return exitOK
	}
	if c.watch {
		if err := h.Watch(0); err != nil {
			fmt.Fprintln(stderr, "btlua:", err)
			return exitFailed
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return loop(ctx, h, c, stderr)
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
	return exitOK
}
