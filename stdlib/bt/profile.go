package bt

import (
	"cmp"
	"slices"
	"time"
)

// Profiler times the ticks of the tasks of the trees it is set on
// (BehaviorTree.Profiler): per task, how many times [Tick] ran it, the
// time inside those Ticks (total), that time less the time of the
// Ticks of other tasks nested in them (self), and the part of self spent
// in script hooks (Lua, reported by the binding with LuaBegin and
// LuaEnd). A task's self time holds everything its Tick does besides its
// children's Ticks: its hooks, its preconditions and conditional aborts,
// and the OnEnd of the descendants it ends. One Profiler may serve many
// trees ticked one after the other on one goroutine (the agents of a Lua
// state); it is not safe for concurrent use. Off, a tick pays one nil
// check for it.
type Profiler struct {
	// Clock returns the time in nanoseconds (any origin, never going
	// back); nil means the monotonic clock. Tests set a fake one.
	Clock func() int64

	base    time.Time
	entries map[*TaskBase]*profileEntry
	order   []*profileEntry // entries in the order first seen
	stack   []profileFrame  // the Ticks under way, innermost last
	// entering is the task whose Tick the profiler is calling, so that
	// Tick runs it instead of profiling it again.
	entering *TaskBase
	// spent is the clock time the profiler spent on its own, naming the
	// tasks it first sees (a script class's name may take a scan of the
	// globals): no frame or hook counts it.
	spent int64
}

// profileEntry is what a Profiler holds for one task: its path and kind,
// taken when first seen, and its sums.
type profileEntry struct {
	path, class string
	ticks       uint64
	total, self int64
	lua         int64
}

// profileFrame is one Tick under way: its entry, when it began, the time
// of the Ticks nested in it so far, and the Lua time so far.
type profileFrame struct {
	e                   *profileEntry
	start, child, spent int64 // spent: Profiler.spent at start
	lua                 int64
	inLua               bool // a Lua hook of this frame runs (LuaBegin without LuaEnd)
}

// NewProfiler returns an empty Profiler on clock (nil: the monotonic
// clock; see Profiler.Clock).
func NewProfiler(clock func() int64) *Profiler {
	return &Profiler{Clock: clock, base: time.Now(), entries: map[*TaskBase]*profileEntry{}}
}

// now reads the clock in nanoseconds.
func (p *Profiler) now() int64 {
	if p.Clock != nil {
		return p.Clock()
	}
	return int64(time.Since(p.base))
}

// tick runs Tick(t) timed: Tick calls it when its tree has a profiler.
// The frame is popped on every exit, a panic (a script's error) included.
func (p *Profiler) tick(t Task, b *TaskBase) Status {
	if p.entries == nil {
		p.entries = map[*TaskBase]*profileEntry{}
	}
	e := p.entries[b]
	if e == nil {
		t0 := p.now()
		e = &profileEntry{path: Path(t), class: Kind(t)}
		p.entries[b] = e
		p.order = append(p.order, e)
		p.spent += p.now() - t0
	}
	p.stack = append(p.stack, profileFrame{e: e, start: p.now(), spent: p.spent})
	defer p.pop()
	p.entering = b
	return Tick(t)
}

// pop ends the innermost frame: its entry gets a tick, its total and self
// time, and its parent frame the total as nested time.
func (p *Profiler) pop() {
	p.entering = nil
	n := len(p.stack) - 1
	f := p.stack[n]
	p.stack = p.stack[:n]
	d := p.now() - f.start - (p.spent - f.spent)
	f.e.ticks++
	f.e.total += d
	f.e.self += d - f.child
	f.e.lua += f.lua
	if n > 0 {
		p.stack[n-1].child += d
	}
}

// LuaMark is what LuaBegin hands to LuaEnd.
type LuaMark struct {
	start, child, spent int64
	counted             bool
}

// LuaBegin tells p that a script hook starts, for the task whose Tick runs
// now (innermost); pass its result to LuaEnd when the hook returns or
// raises (defer p.LuaEnd(p.LuaBegin())). A hook outside any profiled
// Tick, or inside another hook of the same Tick, is not counted again.
func (p *Profiler) LuaBegin() LuaMark {
	n := len(p.stack) - 1
	if n < 0 || p.stack[n].inLua {
		return LuaMark{}
	}
	f := &p.stack[n]
	f.inLua = true
	return LuaMark{start: p.now(), child: f.child, spent: p.spent, counted: true}
}

// LuaEnd ends the hook that LuaBegin began: the time since, less the
// Ticks nested in the hook, is the task's Lua time.
func (p *Profiler) LuaEnd(m LuaMark) {
	if !m.counted || len(p.stack) == 0 {
		return
	}
	f := &p.stack[len(p.stack)-1]
	f.inLua = false
	f.lua += p.now() - m.start - (f.child - m.child) - (p.spent - m.spent)
}

// ProfileRow is the time of one task path or one class, summed over the
// tasks of that path or class in every tree profiled. Times are in
// nanoseconds (time.Duration).
type ProfileRow struct {
	// Name is the task path ("Root/Attack[2]", 1-based as Path gives it)
	// or the class ("Sequence", a script's class name).
	Name string
	// Ticks counts the task's Ticks (executions).
	Ticks uint64
	// Total is the time inside those Ticks, Self that less the Ticks of
	// other tasks nested in them, Lua the part of Self in script hooks.
	Total, Self, Lua time.Duration
}

// Rows returns p's sums per task path and per class, each sorted by self
// time, highest first (ties by name). Tasks of the same path (the agents
// of one script) are summed; a class row sums its tasks' rows. The rows
// are copies: p goes on counting.
func (p *Profiler) Rows() (paths, classes []ProfileRow) { return MergeProfiles(p) }

// MergeProfiles is Rows over profilers ps (the shards of a host; nil ones
// are skipped): their rows summed by path and by class, sorted.
func MergeProfiles(ps ...*Profiler) (paths, classes []ProfileRow) {
	paths = mergeBy(func(e *profileEntry) string { return e.path }, ps)
	classes = mergeBy(func(e *profileEntry) string { return e.class }, ps)
	return paths, classes
}

// mergeBy sums the entries of ps by key and sorts the rows.
func mergeBy(key func(*profileEntry) string, ps []*Profiler) []ProfileRow {
	at := map[string]int{}
	var rows []ProfileRow
	for _, p := range ps {
		if p == nil {
			continue
		}
		for _, e := range p.order {
			k := key(e)
			i, ok := at[k]
			if !ok {
				i = len(rows)
				at[k] = i
				rows = append(rows, ProfileRow{Name: k})
			}
			r := &rows[i]
			r.Ticks += e.ticks
			r.Total += time.Duration(e.total)
			r.Self += time.Duration(e.self)
			r.Lua += time.Duration(e.lua)
		}
	}
	SortRows(rows)
	return rows
}

// SortRows sorts rows by self time, highest first, then by name.
func SortRows(rows []ProfileRow) {
	slices.SortFunc(rows, func(a, b ProfileRow) int {
		if c := cmp.Compare(b.Self, a.Self); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
}
