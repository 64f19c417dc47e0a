package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/btlua/btlua/host"
)

// This file holds --frame-budget, --tick-interval and --near: the frame
// schedule of host.Options.FrameBudget and host.Agent.SetTickInterval
// (docs/agents-on-every-core.md, "Tick rates and a frame budget"), and
// the lag line of the --agents figures.

// frameConfig is the frame schedule of the command line.
type frameConfig struct {
	budget   time.Duration // --frame-budget, 0: none
	interval float64       // --tick-interval, seconds between each agent's ticks, 0: every tick
	near     int           // --near: the first N agents tick every tick
}

// addFrameFlags adds the flags of the frame schedule to fs.
func addFrameFlags(fs *flag.FlagSet, f *frameConfig) {
	fs.DurationVar(&f.budget, "frame-budget", 0, "time each tick gives the agents (such as 4ms; 0: none): the agents due tick round-robin from where the last tick stopped until their measured costs fill it, per core that ticks shards, and the rest tick at the next ticks, each with the time since its own last tick; --agents then reports the lag (docs/agents-on-every-core.md)")
	fs.Float64Var(&f.interval, "tick-interval", 0, "seconds of tick time between each agent's ticks (0: every tick); with --near N the first N agents still tick every tick (near NPCs at --hz, the far ones slower)")
	fs.IntVar(&f.near, "near", 0, "with --tick-interval, the number of agents (the first N, in load order) that tick every tick; fewer than the agents (a usage error without --tick-interval or with N at or above the agents)")
}

// nearError is a --near that would do nothing (checkNear): run exits 2
// (exitUsage) for it also when the load counted the agents.
type nearError struct{ msg string }

func (e *nearError) Error() string { return e.msg }

// checkNear refuses a --near that would do nothing: given without
// --tick-interval, or with at least as many near agents as agents (agents
// is the count: --agents, or the agents the load made; 0 when not yet
// known). The error is a *nearError.
func (f *frameConfig) checkNear(agents int) error {
	switch {
	case f.near > 0 && f.interval == 0:
		return &nearError{fmt.Sprintf("--near %d needs --tick-interval: the agents after the first %d tick at that interval, and without it every agent ticks every tick",
			f.near, f.near)}
	case f.near > 0 && agents > 0 && f.near >= agents:
		return &nearError{fmt.Sprintf("--near %d leaves none of the %d agents to tick at --tick-interval %v: give --near below --agents",
			f.near, agents, f.interval)}
	}
	return nil
}

// check refuses a negative budget, a negative, NaN or infinite interval
// and a negative --near.
func (f *frameConfig) check() error {
	switch {
	case f.budget < 0:
		return fmt.Errorf("--frame-budget must not be negative, got %v", f.budget)
	case math.IsNaN(f.interval) || math.IsInf(f.interval, 0) || f.interval < 0:
		return fmt.Errorf("--tick-interval must be a finite number of seconds >= 0, got %v", f.interval)
	case f.near < 0:
		return fmt.Errorf("--near must not be negative, got %d", f.near)
	}
	return nil
}

// apply gives the agents after the first f.near the tick interval; a
// --near that leaves no agent to it is an error (checkNear).
func (f *frameConfig) apply(agents []*host.Agent) error {
	if f.interval == 0 {
		return nil
	}
	if err := f.checkNear(len(agents)); err != nil {
		return err
	}
	for i, a := range agents {
		if i < f.near {
			continue
		}
		if err := a.SetTickInterval(f.interval); err != nil {
			return err
		}
	}
	return nil
}

// frameReport writes the lag line of the --agents figures when the run
// scheduled its frames:
//
//	btlua: frame schedule: lag max 466.7 ms, p99 200.0 ms; 2484 of 98778 agent-ticks late
func frameReport(w io.Writer, st host.FrameStats) {
	if st.Frames == 0 {
		return
	}
	fmt.Fprintf(w, "btlua: frame schedule: lag max %.1f ms, p99 %.1f ms; %d of %d agent-ticks late\n",
		st.MaxLag*1000, st.P99Lag*1000, st.Late, st.AgentTicks)
}
