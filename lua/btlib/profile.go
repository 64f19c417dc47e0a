package btlib

import "github.com/btlua/btlua/stdlib/bt"

// SetProfiler makes p (nil for none) hear the time of every call into a
// task's Lua code (hooks, conditions, scoring methods): the Lua share of
// the profiled task whose Tick runs then (see bt.Profiler.LuaBegin). The
// trees to profile get p as their BehaviorTree.Profiler; the library sets
// it on none. Without a profiler a Lua call pays one nil check.
func (lib *Lib) SetProfiler(p *bt.Profiler) { lib.profiler = p }

// Profiler returns the profiler given to SetProfiler, or nil.
func (lib *Lib) Profiler() *bt.Profiler { return lib.profiler }
