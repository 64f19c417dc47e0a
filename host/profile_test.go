package host

import (
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// profileScript is a factory of trees whose Lua leaf Think advances the
// test's clock by its cost inside its Lua OnUpdate, and whose Go leaf
// GoWork (goWorkClasses) advances it by 2 in Go.
const profileScript = `
Think = BTAction:New()
function Think:New(name, cost)
    local o = {cost = cost}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    return o
end
function Think:OnUpdate()
    advance(self.cost)
    return BTTaskStatus.Success
end
return function(args)
    local root = BTSequence:New()
    root.name = "Root"
    root:AddChild(Think:New("Think", 3))
    root:AddChild(GoWork:New())
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(root)
    tree:SetRestartWhenComplete(true)
    return tree
end
`

// goWorkClasses declares GoWork, a Go action advancing clock by 2 ns.
func goWorkClasses(t *testing.T, clock *atomic.Int64) *btlib.Registry {
	r := btlib.NewRegistry()
	err := r.Register(btlib.Class{Name: "GoWork", Base: "BTAction", New: func(btlib.Args) (bt.Task, error) {
		return bt.NewFuncAction(func() bt.Status { clock.Add(2); return bt.Success }), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestProfileHost: with a fake clock, exact ticks, total, self and Lua
// time per task path and per class, summed over two agents (one spawned
// before StartProfile, one after), sorted by self time; the classic host
// and a one-shard host alike. StopProfile stops the counting and keeps
// the rows.
func TestProfileHost(t *testing.T) {
	for _, shards := range []int{0, 1} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var clock atomic.Int64
			h, err := New(Options{Shards: shards, Classes: goWorkClasses(t, &clock),
				FS: fstest.MapFS{"ai.lua": {Data: []byte(profileScript)}}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			h.SetGlobal("advance", func(n int) { clock.Add(int64(n)) })
			if _, err := h.Spawn("ai.lua", nil); err != nil {
				t.Fatal(err)
			}
			if h.Profiling() {
				t.Fatal("Profiling() before StartProfile = true")
			}
			h.StartProfile(clock.Load)
			if _, err := h.Spawn("ai.lua", nil); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				if err := h.Tick(0.1); err != nil {
					t.Fatal(err)
				}
			}
			want := Profile{
				Tasks: []bt.ProfileRow{
					{Name: "Root/Think[1]", Ticks: 6, Total: 18, Self: 18, Lua: 18},
					{Name: "Root/GoWork[2]", Ticks: 6, Total: 12, Self: 12},
					{Name: "Root", Ticks: 6, Total: 30},
				},
				Classes: []bt.ProfileRow{
					{Name: "Think", Ticks: 6, Total: 18, Self: 18, Lua: 18},
					{Name: "GoWork", Ticks: 6, Total: 12, Self: 12},
					{Name: "BTSequence", Ticks: 6, Total: 30},
				},
			}
			got := h.Profile()
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Profile():\n got %+v\nwant %+v", got, want)
			}
			if d := got.Time(); d != 30*time.Nanosecond {
				t.Fatalf("Time() = %v, want 30ns", d)
			}
			if !h.Profiling() {
				t.Fatal("Profiling() after StartProfile = false")
			}
			h.StopProfile()
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
			if got := h.Profile(); !reflect.DeepEqual(got, want) || h.Profiling() {
				t.Fatalf("after StopProfile and a tick: Profiling %v, Profile %+v; want false and the rows of before", h.Profiling(), got)
			}
			h.StartProfile(clock.Load)
			if got := h.Profile(); len(got.Tasks)+len(got.Classes) != 0 {
				t.Fatalf("a new StartProfile starts from zero, got %+v", got)
			}
		})
	}
}

// TestProfileShards: with two shards ticked in parallel, the rows of both
// shards' agents are summed by path (the times depend on what runs at
// once, the ticks do not).
func TestProfileShards(t *testing.T) {
	var clock atomic.Int64
	h, err := New(Options{Shards: 2, Classes: goWorkClasses(t, &clock),
		FS: fstest.MapFS{"ai.lua": {Data: []byte(profileScript)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("advance", func(n int) { clock.Add(int64(n)) })
	h.StartProfile(clock.Load)
	for range 4 {
		if _, err := h.Spawn("ai.lua", nil); err != nil {
			t.Fatal(err)
		}
	}
	for range 5 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	ticks := map[string]uint64{}
	for _, r := range h.Profile().Tasks {
		ticks[r.Name] = r.Ticks
	}
	want := map[string]uint64{"Root": 20, "Root/Think[1]": 20, "Root/GoWork[2]": 20}
	if !reflect.DeepEqual(ticks, want) {
		t.Fatalf("ticks per path = %v, want %v", ticks, want)
	}
	used := map[int]bool{}
	for _, a := range h.Agents() {
		used[h.ShardOf(a)] = true
	}
	if len(used) != 2 {
		t.Fatalf("the agents ran in shards %v, want both", used)
	}
}
