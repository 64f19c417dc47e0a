package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/lua/luaerr"
)

// This file holds --agents N and --shards N: N instances of the script's
// tree, spread over Lua states ticked in parallel, and the figures a user
// sizes a game with.

// resolveShards checks -agents and -shards (agentsGiven and shardsGiven:
// whether the command line has them) and resolves -shards: when not
// given, the number of cores (GOMAXPROCS) with -agents above 1, else 0,
// the classic unsharded host (host.Options.Shards); either way at most
// one shard per agent (per load of the script: -agents, or 1), since each
// shard is a Lua state of its own and one with no agent is pure cost,
// and at most host.MaxShards (also with -restore, whose shards are
// otherwise restoreShards'). A -shards given above a cap is capped with
// a notice on stderr, never refused.
// -inspect, -record and -trace work with any -shards (the sharded host's
// event stream is the classic host's, see docs/agents-on-every-core.md).
func resolveShards(c *config, agentsGiven, shardsGiven bool, stderr io.Writer) error {
	if agentsGiven && c.agents < 1 {
		return fmt.Errorf("--agents must be at least 1 (the number of instances of the script's tree), got %d", c.agents)
	}
	if c.shards < 0 {
		return fmt.Errorf("--shards must not be negative, got %d", c.shards)
	}
	if !shardsGiven && c.agents > 1 {
		c.shards = runtime.GOMAXPROCS(0)
	}
	c.shardsGiven = shardsGiven
	if c.restore != "" { // a restore's shards: restoreShards, at most host.MaxShards
		if shardsGiven && c.shards > host.MaxShards {
			fmt.Fprintf(stderr, "btlua: --shards %d is capped to %d, the most a host runs (each shard is a Lua state)\n", c.shards, host.MaxShards)
			c.shards = host.MaxShards
		}
		return nil
	}
	given := c.shards
	c.shards = min(c.shards, max(c.agents, 1), host.MaxShards)
	switch {
	case !shardsGiven || c.shards == given:
	case c.shards == max(c.agents, 1):
		more := ""
		if c.agents == 0 {
			more = "; --agents N runs more"
		}
		fmt.Fprintf(stderr, "btlua: --shards %d is capped to %d, the number of agents (each shard is a Lua state of its own agents%s)\n", given, c.shards, more)
	default:
		fmt.Fprintf(stderr, "btlua: --shards %d is capped to %d, the most a host runs (each shard is a Lua state)\n", given, c.shards)
	}
	return nil
}

// loadScript loads the script: once, or with -agents N, N instances of
// its tree (Spawn N agents when it returns a factory function, else N
// loads). It returns the agents. N loads of a script that is no factory
// run its top level N times in the same Lua state(s): each load
// redefines its globals (a class, and the chunk locals its methods use),
// so the agents of one state share the last load's, and results depend
// on -shards. That keeps working (scripts/warrior.lua), with one warning
// line on stderr. An error of the i-th load names the agent, "agent i of
// N" (see agentError).
func loadScript(h *host.Host, c *config, stderr io.Writer) ([]*host.Agent, error) {
	if c.agents == 0 { // no -agents: the script once; a factory's one agent
		agents, err := h.LoadFile(c.script)
		if errors.Is(err, host.ErrFactoryScript) {
			return spawnAgents(h, c.script, 1)
		}
		return agents, err
	}
	h.ExpectAgents(c.agents)
	var out []*host.Agent
	for i := 1; i <= c.agents; i++ {
		agents, err := h.LoadFile(c.script)
		if i == 1 && errors.Is(err, host.ErrFactoryScript) {
			return spawnAgents(h, c.script, c.agents)
		}
		if err != nil {
			return out, agentError(err, i, c.agents)
		}
		if i == 1 && c.agents > 1 {
			fmt.Fprintf(stderr, "btlua: warning: --agents %d loads %s %d times, and loads in one Lua state share its globals (classes, and the chunk locals their methods use), so the agents are not independent and results depend on --shards; return a factory function for independent agents (docs/agents-on-every-core.md)\n",
				c.agents, c.script, c.agents)
		}
		out = append(out, agents...)
	}
	return out, nil
}

// spawnAgents spawns n agents of script, which returns a factory
// function, calling it with {index = i, count = n} (i from 1). An error
// of the i-th Spawn names the agent, "agent i of n" (see agentError).
func spawnAgents(h *host.Host, script string, n int) ([]*host.Agent, error) {
	h.ExpectAgents(n)
	var out []*host.Agent
	for i := 1; i <= n; i++ {
		a, err := h.Spawn(script, map[string]any{"index": i, "count": n})
		if err != nil {
			return out, agentError(err, i, n)
		}
		out = append(out, a)
	}
	return out, nil
}

// agentError names agent i of n in err, the error of its Spawn (its
// factory's error, what the factory returned, or the CPU budget stopping
// it) or of its load (-agents N loads of a script that is no factory: the
// script's error, or the memory limit's found after the load): a *luaerr.Error naming no agent or tree gets Agent "i of n",
// printed "(agent 3 of 5)" after the message, as a tick's error names
// its agent; another error gets the same words after it. With one agent
// (n is 1) err is returned as it is.
func agentError(err error, i, n int) error {
	if n == 1 {
		return err
	}
	who := fmt.Sprintf("%d of %d", i, n)
	if le, ok := err.(*luaerr.Error); ok && le.Agent == "" && le.Tree == "" {
		named := *le
		named.Agent = who
		return &named
	}
	return fmt.Errorf("%w (agent %s)", err, who)
}

// agentStats measures a run with -agents: the build time, the time spent
// in Tick, the agent-ticks made and the peak heap (sampled every few
// milliseconds).
type agentStats struct {
	agents, shards int
	start          time.Time
	build          time.Duration   // loading the N instances
	took           time.Duration   // the sum of the Tick calls' durations (no sleeps between ticks)
	agentTicks     uint64          // the agents running at each tick made, summed
	ran, ticks     uint64          // the agents and ticks made, set by ended
	peakHeap       uint64          // written by the sampler until done is closed
	frame          host.FrameStats // the frame schedule's figures, by tick and at the end
	stop, done     chan struct{}   // stop the sampler; closed when it has stopped
}

// heapMetric is the runtime metric of the bytes of live and unswept heap
// objects.
const heapMetric = "/memory/classes/heap/objects:bytes"

// startStats starts measuring, before the agents are built.
func startStats(c *config) *agentStats {
	s := &agentStats{agents: c.agents, shards: c.shards, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	sample := []metrics.Sample{{Name: heapMetric}}
	read := func() {
		metrics.Read(sample)
		if v := sample[0].Value; v.Kind() == metrics.KindUint64 && v.Uint64() > s.peakHeap {
			s.peakHeap = v.Uint64()
		}
	}
	read()
	go func() {
		defer close(s.done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				read()
				return
			case <-t.C:
				read()
			}
		}
	}()
	return s
}

// built marks the end of the build (nil: no -agents).
func (s *agentStats) built(*host.Host) {
	if s == nil {
		return
	}
	s.build = time.Since(s.start)
}

// tick is h.Tick(dt), timed, counting the agents it ticks (nil s: h.Tick
// alone). The reloads due apply first, outside the timing, so that the
// count sees the agents they add or remove. A tick of the classic host
// (--shards 0) that --strict (FailTick) ends at an agent's error does not
// count the agents after it in h.Agents() order, which did not tick; a
// sharded host ticks every agent of the frame (host.FailTick).
func (s *agentStats) tick(h *host.Host, dt float64) error {
	if s == nil {
		return h.Tick(dt)
	}
	h.ApplyReloads()
	running := runningAt(h, h.Clock()+dt)
	ticks := h.Ticks()
	start := time.Now()
	err := h.Tick(dt)
	s.took += time.Since(start)
	if h.Ticks() != ticks { // not skipped (a paused inspector)
		if st := h.FrameStats(); st.Frames != s.frame.Frames { // scheduled: the agents it ticked
			running = st.AgentTicks - s.frame.AgentTicks
			s.frame = st
		} else if se, ok := err.(*host.StrictError); ok && s.shards == 0 {
			running -= runningAfter(h, se.Agent, h.Clock())
		}
		s.agentTicks += running
	}
	return err
}

// runningAfter returns the number of h's agents after failed in
// h.Agents() order that a tick at tick time now would have ticked (see
// runningAt): those a classic host's tick ended by failed's error
// (host.StrictError) left untouched.
func runningAfter(h *host.Host, failed *host.Agent, now float64) uint64 {
	var n uint64
	after := false
	for _, a := range h.Agents() {
		if after && ticksAt(a, now) {
			n++
		}
		after = after || a == failed
	}
	return n
}

// runningAt returns the number of h's agents that a tick at tick time now
// (seconds) ticks: those running, and those stopped by an error whose
// restart is due by then (Agent.RestartDue; host.Host.Tick restarts them
// at the start of their turn).
func runningAt(h *host.Host, now float64) uint64 {
	var n uint64
	for _, a := range h.Agents() {
		if ticksAt(a, now) {
			n++
		}
	}
	return n
}

// ticksAt reports whether a tick at tick time now (seconds) ticks a: it
// is running, or stopped by an error with its restart due by then.
func ticksAt(a *host.Agent, now float64) bool {
	at, due := a.RestartDue()
	return a.Running() || due && now >= at
}

// ended marks the end of the ticks (nil: no -agents), before the host
// closes (--trace closes it to end the trace): it keeps the number of
// agents and ticks made.
func (s *agentStats) ended(h *host.Host) {
	if s == nil {
		return
	}
	s.ran, s.ticks = uint64(len(h.Agents())), h.Ticks()
	s.frame = h.FrameStats()
}

// report prints the figures to stderr (nil: no -agents):
//
//	btlua: agents 1000, shards 2, ticks 600, agent-ticks 600000 (agents running at each tick)
//	btlua: 1.93e+06 agent-ticks/s, 518 ns/agent-tick (time spent in Tick, not the sleeps between ticks)
//	btlua: build 31.2 µs/agent; peak heap 48.0 MiB, peak RSS 71.3 MiB
//
// An agent-tick is one agent's tick: at each tick, the agents running
// then (one that completed or that an error stopped is not ticked). The
// rates divide by the time spent in Tick, summed over the ticks, leaving
// out the sleeps between them; a run paced in real time (without --fast)
// still ticks slower than --fast, 2 to 8 times for bench/warrior/spawn.lua
// (each tick after a sleep finds its caches cold and the shard workers
// asleep), so the figures that size a game are --fast's.
func (s *agentStats) report(w io.Writer) {
	if s == nil {
		return
	}
	s.halt()
	took, n := s.took, s.agentTicks
	fmt.Fprintf(w, "btlua: agents %d, shards %d, ticks %d, agent-ticks %d (agents running at each tick)\n", s.ran, s.shards, s.ticks, n)
	if n > 0 {
		fmt.Fprintf(w, "btlua: %.3g agent-ticks/s, %.0f ns/agent-tick (time spent in Tick, not the sleeps between ticks)\n",
			float64(n)/took.Seconds(), float64(took.Nanoseconds())/float64(n))
	}
	frameReport(w, s.frame)
	perAgent := float64(s.build.Microseconds())
	if s.agents > 0 {
		perAgent /= float64(s.agents)
	}
	rss := "unknown"
	if kb, err := peakRSS(); err == nil {
		rss = fmt.Sprintf("%.1f MiB", float64(kb)/1024)
	}
	fmt.Fprintf(w, "btlua: build %.1f µs/agent; peak heap %.1f MiB, peak RSS %s\n",
		perAgent, float64(s.peakHeap)/(1<<20), rss)
}

// halt stops the heap sampler and waits for it (nil, or halted: nothing
// to do).
func (s *agentStats) halt() {
	if s == nil || s.stop == nil {
		return
	}
	close(s.stop)
	<-s.done
	s.stop = nil
}

// peakRSS returns the process's peak resident set size in KiB (VmHWM of
// /proc/self/status, Linux).
func peakRSS() (int, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
		}
	}
	return 0, errors.New("no VmHWM in /proc/self/status")
}
