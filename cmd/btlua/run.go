package main

import (
	"errors"
	"fmt"
	"io"
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
		return exitFailed
	}
	return loop(h, c, stderr)
}

// loop ticks the host until every tree has completed (or -ticks ticks),
// pacing ticks in real time unless -fast.
func loop(h *host.Host, c *config, stderr io.Writer) int {
	dt := 1 / c.hz
	period := time.Duration(float64(time.Second) / c.hz)
	next := time.Now()
	for n := 0; !h.Done() && (c.ticks == 0 || n < c.ticks); n++ {
		if err := h.Tick(dt); err != nil {
			fmt.Fprintln(stderr, "btlua:", err)
		}
		if !c.fast {
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
