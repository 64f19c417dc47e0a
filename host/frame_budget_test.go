package host

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// clockScript is a factory whose agents print, at each tick, their name
// and their tree's clock in frames of 1/10 s ("b@3": agent b, 0.3 s); the
// tree runs for ever.
const clockScript = `
Clock = BTAction:New()
function Clock:OnUpdate()
    print(self:GetVariable("who") .. "@" .. math.floor(self:GetTime() * 10 + 0.5))
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("who", args.name)
    tree:SetStartTask(Clock:New())
    return tree
end
`

// frameRun spawns the agents names on a host with opts (the clockScript),
// gives agent i the interval intervals[i] (when given), ticks frames
// Ticks of 0.1 s and returns each frame's print output, one string a
// frame ("a@1 b@1"), and the host (closed at the end of the test).
func frameRun(t *testing.T, opts Options, names []string, intervals []float64, frames int) ([]string, *Host) {
	t.Helper()
	var out bytes.Buffer
	opts.Stdout, opts.FS = &out, fstest.MapFS{"c.lua": {Data: []byte(clockScript)}}
	h, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	for i, name := range names {
		a, err := h.Spawn("c.lua", map[string]any{"name": name})
		if err != nil {
			t.Fatal(err)
		}
		if i < len(intervals) {
			if err := a.SetTickInterval(intervals[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	var got []string
	for f := 0; f < frames; f++ {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join(strings.Fields(out.String()), " "))
		out.Reset()
	}
	return got, h
}

// An agent with a tick interval ticks at once, then each time the
// interval has passed, with dt the time since its last tick (its tree's
// clock keeps the host's); the others tick every frame. The same on the
// classic host and any shard count.
func TestSetTickIntervalRates(t *testing.T) {
	want := []string{
		"a@1 b@1 c@1",
		"a@2",
		"a@3 b@3",
		"a@4 c@4",
		"a@5 b@5",
		"a@6",
		"a@7 b@7 c@7",
	}
	for _, shards := range []int{0, 1, 2, 3} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			got, h := frameRun(t, Options{Shards: shards}, []string{"a", "b", "c"}, []float64{0, 0.2, 0.3}, len(want))
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("frames:\n%q\nwant\n%q", got, want)
			}
			if iv := h.Agents()[2].TickInterval(); iv != 0.3 {
				t.Errorf("TickInterval = %v, want 0.3", iv)
			}
			st := h.FrameStats()
			if st.Frames != 7 || st.AgentTicks != 14 || st.Late != 0 || st.MaxLag != 0 || st.P99Lag != 0 {
				t.Errorf("FrameStats = %+v, want 7 frames, 14 agent-ticks, none late", st)
			}
		})
	}
}

// A budget smaller than any tick lets each lane (a shard running at once
// with the others; the classic host has one) tick one agent a frame (a
// lane always makes progress; the first frame, where no cost is known
// yet, ticks one a lane too), round-robin, each with the time since its
// own last tick (its tree's clock keeps the host's), and the lag counted
// from the frame it was first due at. The agents that tick have the same
// results on the classic host and any shard count.
func TestFrameBudgetRoundRobin(t *testing.T) {
	one := []string{"a@1", "b@2", "c@3", "a@4", "b@5", "c@6"}
	// Two lanes: a and c on the first (shards 0 and 2), b on the second.
	two := []string{"a@1 b@1", "b@2 c@2", "a@3 b@3", "b@4 c@4", "a@5 b@5", "b@6 c@6"}
	for _, shards := range []int{0, 1, 2, 3} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			got, h := frameRun(t, Options{Shards: shards, FrameBudget: time.Nanosecond}, []string{"a", "b", "c"}, nil, len(one))
			want, ticks, late, lag := one, uint64(6), uint64(5), 0.2
			if frameLanes(shards) > 1 {
				// Late: c at 2 (due at 1: lag 0.1), then a and c each two
				// frames after they were due (0.1 again: due one frame late).
				want, ticks, late, lag = two, 12, 5, 0.1
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("frames:\n%q\nwant\n%q", got, want)
			}
			st := h.FrameStats()
			// One lane: b at 2 (due at 1: lag 0.1), then each two frames
			// after it was due (0.2).
			if st.Frames != 6 || st.AgentTicks != ticks || st.Late != late || math.Abs(st.MaxLag-lag) > 1e-9 || math.Abs(st.P99Lag-lag) > 1e-9 {
				t.Errorf("FrameStats = %+v, want 6 frames, %d agent-ticks, %d late, max and p99 lag %v", st, ticks, late, lag)
			}
		})
	}
}

// frameLanes is the number of a host's shards that tick at once (the
// planner's lanes): the shard count, at most GOMAXPROCS, and 1 for the
// classic host.
func frameLanes(shards int) int { return max(1, min(shards, runtime.GOMAXPROCS(0))) }

// A budget that every frame's agents fit in ticks them all, each with the
// frame's dt, from the second frame on (the first, where no cost is
// known yet, ticks one agent a lane): then the same output as no budget
// at all.
func TestFrameBudgetRoomyIsNoBudget(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	plain, _ := frameRun(t, Options{Shards: 2}, names, nil, 5)
	roomy, h := frameRun(t, Options{Shards: 2, FrameBudget: time.Hour}, names, nil, 5)
	// Placed in turn: a and c on shard 0, b and d on shard 1.
	first, ticks, late := "a@1", uint64(17), uint64(3) // b, c and d late at frame 2
	if frameLanes(2) == 2 {
		first, ticks, late = "a@1 b@1", 18, 2 // c and d
	}
	if roomy[0] != first || fmt.Sprint(roomy[1:]) != fmt.Sprint(plain[1:]) {
		t.Errorf("with a roomy budget:\n%q\nwithout:\n%q", roomy, plain)
	}
	if plain[4] != "a@5 b@5 c@5 d@5" {
		t.Errorf("frame 5 printed %q, want a@5 b@5 c@5 d@5", plain[4])
	}
	if st := h.FrameStats(); st.AgentTicks != ticks || st.Late != late {
		t.Errorf("FrameStats = %+v, want %d agent-ticks, %d late", st, ticks, late)
	}
}

// SetTickInterval refuses a negative, NaN or infinite interval, naming
// the agent and the value, and keeps the interval; New refuses a negative
// FrameBudget.
func TestSetTickIntervalRefuses(t *testing.T) {
	_, h := frameRun(t, Options{}, []string{"a"}, []float64{0.5}, 0)
	a := h.Agents()[0]
	for _, v := range []float64{-0.1, math.NaN(), math.Inf(1)} {
		err := a.SetTickInterval(v)
		want := fmt.Sprintf("host: SetTickInterval of agent BTBehaviorTree (c.lua, factory return value 1): tick interval must be a finite number of seconds >= 0, got %v", v)
		if err == nil || err.Error() != want {
			t.Errorf("SetTickInterval(%v) = %v\nwant %q", v, err, want)
		}
		if a.TickInterval() != 0.5 {
			t.Errorf("after SetTickInterval(%v): interval %v, want 0.5", v, a.TickInterval())
		}
	}
	_, err := New(Options{FrameBudget: -time.Millisecond})
	if want := "host: FrameBudget must not be negative, got -1ms"; err == nil || err.Error() != want {
		t.Errorf("New with FrameBudget -1ms = %v, want %q", err, want)
	}
}

// failScript is a factory whose agent prints its clock and fails at its
// first tick after each (re)start, for the restart policy.
const failScript = `
Fail = BTAction:New()
function Fail:OnUpdate()
    print("f@" .. math.floor(self:GetTime() * 10 + 0.5))
    error("boom")
end
return function() return Fail:New() end
`

// An agent that an error stopped restarts after its back-off on a
// scheduled host too, at its first turn (its interval passed) at which
// the restart is due: here with a tick interval of 0.2 s and a back-off
// of 0.3 s, it fails at 0.1; its turn at 0.3 finds the restart not due
// (0.4), the one at 0.5 restarts it (and it fails again), and so at 0.9.
// Without an interval it restarts at 0.4 and 0.7, as without a budget.
func TestFrameScheduleRestart(t *testing.T) {
	for _, c := range []struct {
		shards   int
		interval float64
		want     string
	}{{0, 0.2, "[1 5 9]"}, {2, 0.2, "[1 5 9]"}, {0, 0, "[1 4 7]"}, {2, 0, "[1 4 7]"}} {
		t.Run(fmt.Sprintf("shards=%d,interval=%v", c.shards, c.interval), func(t *testing.T) {
			var out bytes.Buffer
			h, err := New(Options{Stdout: &out, Shards: c.shards, FrameBudget: time.Hour,
				ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 0.3, MaxRestartDelay: 0.3},
				FS:          fstest.MapFS{"f.lua": {Data: []byte(failScript)}}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			a, err := h.Spawn("f.lua", nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := a.SetTickInterval(c.interval); err != nil {
				t.Fatal(err)
			}
			var at []int
			for range 9 {
				h.Tick(0.1) // each failing tick returns its error
				if out.Len() > 0 {
					at = append(at, int(math.Round(h.Clock()*10)))
					out.Reset()
				}
			}
			if fmt.Sprint(at) != c.want {
				t.Errorf("ticked at clocks %v (tenths of s), want %s", at, c.want)
			}
		})
	}
}
