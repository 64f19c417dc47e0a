package host

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Restore starts the agent saved by Snapshot: it loads (LoadFile) or
// spawns (Spawn, with the saved args) the saved script as it is now and
// gives the new agent the saved state. When the tree's structure
// signature is the saved one (the script is the same, or its classes'
// code changed) the tasks get their state in order; otherwise each saved
// task goes to the task of the same path and class, and the saved tasks
// without one are reported in an error wrapping a *bt.MismatchError (new
// tasks start fresh).
//
// Bad data (not a save, truncated, corrupted, another version, edited
// into values that do not fit the tree) is an error wrapping ErrBadSave;
// on any error no agent is added and no existing Lua table is changed.
// Errors of loading the script are LoadFile's and Spawn's.
func (h *Host) Restore(data []byte) (*Agent, error) {
	if err := h.tryUse("Restore"); err != nil {
		return nil, err
	}
	h.done() // LoadFile and Spawn take the host in turn
	f, err := savefile.Decode(data)
	if err != nil {
		return nil, err
	}
	if len(f.Loads) != 1 || len(f.Loads[0].Agents) != 1 {
		return nil, fmt.Errorf("%w: Restore takes the save of one agent (Agent.Snapshot); this one holds %d loads (use RestoreAll)", ErrBadSave, len(f.Loads))
	}
	agents, err := h.restore(f, true)
	if err != nil {
		return nil, err
	}
	return agents[0], nil
}

// RestoreAll starts every agent saved by SnapshotAll, in order, with
// their state (see Restore), then sets the global variables saved. In a
// host that has not ticked yet it also sets the tick count and clock
// (Ticks, Clock) to the saved ones, so that a restored run numbers its
// ticks and events as the saved run went on. It returns the new agents.
// On error no agent is added and nothing is changed.
func (h *Host) RestoreAll(data []byte) ([]*Agent, error) {
	if err := h.tryUse("RestoreAll"); err != nil {
		return nil, err
	}
	h.done() // LoadFile and Spawn take the host in turn
	f, err := savefile.Decode(data)
	if err != nil {
		return nil, err
	}
	return h.restore(f, false)
}

// restored is one agent made by a restore, with its save and, once
// applied, how its tasks match the saved ones and the OnLoad hooks to run.
type restored struct {
	a     *Agent
	sa    *savefile.Agent
	same  bool
	match []bt.Task
	sig   treeSignature
	hooks []func() error
}

// restoreRun is what one restore looks up once for all its agents: each
// class's saveSkip list, each tree structure's task paths; and the
// journal of the existing tables it refilled.
type restoreRun struct {
	skips   skipCache
	paths   shapePaths
	sigs    shapeSigs
	kinds   shapeKinds
	journal journal
	// vl is the loader of the agent being applied, reset for each.
	vl valueLoader
	// sharedNote, when the loads go back to their saved Lua states, names
	// two loads of one script the save puts in one state (sharedLoads).
	sharedNote string
	// version is the save's format version (the fields rules differ).
	version int
}

// skipCache holds the saveSkip list of each class (the metatable of task
// tables without their own), read once per restore.
type skipCache map[*lua.LTable]skipEntry

type skipEntry struct {
	skip map[string]bool
	err  error
}

// of returns the saveSkip list of the task table self.
func (c skipCache) of(L *lua.LState, self *lua.LTable) (map[string]bool, error) {
	cls, _ := self.Metatable.(*lua.LTable)
	if cls == nil || self.RawGetString("saveSkip") != lua.LNil {
		return skipList(L, self)
	}
	if e, ok := c[cls]; ok {
		return e.skip, e.err
	}
	skip, err := skipList(L, self)
	c[cls] = skipEntry{skip, err}
	return skip, err
}

func (h *Host) restore(f *savefile.File, one bool) ([]*Agent, error) {
	var made []restored
	var extra []*Agent // agents a LoadFile made that the save does not hold
	rr := &restoreRun{skips: skipCache{}, paths: shapePaths{}, kinds: shapeKinds{}, version: f.Version}
	undo := func() {
		rr.journal.undo()
		for _, r := range made {
			h.dropAgent(r.a)
		}
		for _, a := range extra {
			h.dropAgent(a)
		}
	}
	if err := checkLoads(f); err != nil {
		return nil, err
	}
	pin, err := h.placeRestore(f, one)
	if err != nil {
		return nil, err
	}
	if pin {
		rr.sharedNote = sharedLoads(f)
	}
	for li := range f.Loads {
		sl := &f.Loads[li]
		agents, err := h.restoreLoad(sl, pin)
		if err != nil {
			undo()
			return nil, fmt.Errorf("host: restoring %s: %w", sl.Script, err)
		}
		used := make([]bool, len(agents))
		for ai := range sl.Agents {
			sa := &sl.Agents[ai]
			if sa.Index < 0 || sa.Index >= len(agents) || used[sa.Index] {
				for i, a := range agents {
					if !used[i] {
						extra = append(extra, a)
					}
				}
				undo()
				return nil, fmt.Errorf("%w: agent %q is tree %d of %s, which now returns %d trees", ErrBadSave, sa.Name, sa.Index+1, sl.Script, len(agents))
			}
			used[sa.Index] = true
			made = append(made, restored{a: agents[sa.Index], sa: sa})
		}
		for i, a := range agents {
			if !used[i] {
				extra = append(extra, a)
			}
		}
	}
	if err := h.tryUse("Restore"); err != nil {
		undo()
		return nil, err
	}
	defer h.done()
	h.refuseInScript("Restore")
	gens := h.eng.states()
	if !one && f.BTAIRandom != nil {
		if len(f.BTAIRandom) != len(gens) {
			undo()
			return nil, fmt.Errorf("host: restoring: the save holds the BTAI generators of %d Lua states, this host has %d: restore it on as many shards (Options.Shards) as it was saved from", len(f.BTAIRandom), len(gens))
		}
		for _, state := range f.BTAIRandom {
			if state != nil {
				if err := btailib.CheckRandomState(state); err != nil {
					undo()
					return nil, fmt.Errorf("host: restoring: %w: %v", ErrBadSave, err)
				}
			}
		}
	}
	// The fresh agents' state is written once (they are dropped on
	// error, and the existing tables refilled are put back from the
	// journal); the global variables, live and shared, are checked by a
	// dry pass first; no OnLoad hook runs before everything is checked.
	for i := range made {
		// The agent's own state: a shard of a sharded host.
		if err := made[i].a.host.restoring(func(s *state) error { return s.applyAgent(&made[i], rr) }); err != nil {
			undo()
			return nil, err
		}
	}
	globals := func(dry bool) error {
		if one || f.Globals == nil {
			return nil
		}
		for _, g := range h.eng.states() {
			if err := g.restoring(func(s *state) error { return s.applyGlobals(f.Globals, dry, &rr.journal) }); err != nil {
				return err
			}
		}
		return nil
	}
	if err := globals(true); err != nil {
		undo()
		return nil, err
	}
	for i := range made {
		r := &made[i]
		if len(r.hooks) == 0 {
			continue
		}
		if err := r.a.host.restoring(func(*state) error { return runHooks(r) }); err != nil {
			undo()
			return nil, err
		}
	}
	if err := globals(false); err != nil {
		undo()
		return nil, err
	}
	if !one && f.Globals != nil {
		h.eng.restoredGlobals(f.Globals.Vars)
	}
	for _, a := range extra {
		h.dropAgent(a)
	}
	if !one && h.ticks == 0 {
		h.ticks, h.clock = f.Ticks, f.Clock
	}
	if !one {
		for i, state := range f.BTAIRandom {
			if state != nil {
				gens[i].vm.BTAI.SetRandomState(state) // checked above
			}
		}
	}
	// On the clock the host now has: the policy's times are relative.
	for _, r := range made {
		r.a.host.loadPolicy(r.a, r.sa.Policy)
	}
	out := make([]*Agent, len(made))
	for i, r := range made {
		out[i] = r.a
	}
	return out, nil
}

// checkLoads refuses a save whose loads a restore cannot start as saved:
// a spawned load of other than one agent (a factory returns one tree),
// spawn arguments a save cannot hold (plainArgs).
func checkLoads(f *savefile.File) error {
	for li := range f.Loads {
		sl := &f.Loads[li]
		if !sl.Spawned {
			continue
		}
		if len(sl.Agents) != 1 {
			return fmt.Errorf("%w: spawned load of %s holds %d agents, want 1", ErrBadSave, sl.Script, len(sl.Agents))
		}
		if sa := &sl.Agents[0]; sa.Index != 0 {
			return fmt.Errorf("%w: agent %q is tree %d of %s, spawned: a factory returns one tree", ErrBadSave, sa.Name, sa.Index+1, sl.Script)
		}
		if err := plainArgs(sl.Args, "args"); err != nil {
			return fmt.Errorf("%w: load %d (%s): %v", ErrBadSave, li+1, sl.Script, err)
		}
	}
	return nil
}

// restoring runs fn, a restore's work in the state, as a stretch of
// script work.
func (s *state) restoring(fn func(*state) error) error {
	defer s.stretch("restoring agents", nil)()
	return fn(s)
}

// dropAgent removes an agent a restore made, from its own host (a shard
// of a sharded h) and from h.
func (h *Host) dropAgent(a *Agent) {
	ld, own := a.load, a.host
	ld.agents = slices.DeleteFunc(ld.agents, func(b *Agent) bool { return b == a })
	gone := func(l *load) bool { return l == ld && len(ld.agents) == 0 }
	own.loads = slices.DeleteFunc(own.loads, gone)
	own.agents = slices.DeleteFunc(own.agents, func(b *Agent) bool { return b == a })
	delete(own.byTree, a.tree)
	h.eng.unlist(a)
	a.tree.BT.Blackboard.OnSet(nil)
}

// restoreError names the agent in an error of restoring it.
func restoreError(sa *savefile.Agent, err error) error {
	var mm *bt.MismatchError
	if errors.As(err, &mm) {
		return fmt.Errorf("host: restoring agent %s: the tree changed: %w", sa.Name, err)
	}
	return fmt.Errorf("host: restoring agent %s: %w: %w", sa.Name, ErrBadSave, err)
}

// runHooks runs the OnLoad hooks of r's tasks, in order.
func runHooks(r *restored) error {
	for _, run := range r.hooks {
		if err := run(); err != nil {
			return fmt.Errorf("host: restoring agent %s: %w", r.sa.Name, err)
		}
	}
	return nil
}

// applyAgent gives r.a the saved state r.sa, checking it as it goes; the
// OnLoad hooks it finds go to r.hooks, to run once the whole save is
// checked.
func (h *state) applyAgent(r *restored, rr *restoreRun) error {
	L := h.vm.L
	a, sa := r.a, r.sa
	if r.match == nil {
		sig := rr.sigs.of(L, a.tree)
		if b, err := hex.DecodeString(sa.Signature); err != nil || len(b) != len(sig) {
			return restoreError(sa, fmt.Errorf("\"signature\" is %s, want %d hex digits (a SHA-256)", savefile.Quote(sa.Signature), 2*len(sig)))
		}
		r.same = hex.EncodeToString(sig[:]) == sa.Signature
		if err := sa.Tree.CheckClock(); err != nil {
			return restoreError(sa, err)
		}
		if err := checkPolicyState(sa.Policy); err != nil {
			return restoreError(sa, err)
		}
		if err := loadSchedule(a, sa.Schedule, true); err != nil {
			return restoreError(sa, err)
		}
		match, err := sa.Tree.Match(a.tree.Root(), r.same)
		if err != nil {
			return restoreError(sa, err)
		}
		if r.same {
			// In order: the paths must agree too (an edited path would
			// otherwise pass unseen).
			for i, p := range rr.paths.of(sig, match) {
				if p != sa.Tree.Tasks[i].Path {
					return restoreError(sa, fmt.Errorf("task %d is %s in the save, %s in the tree (of the same structure signature)", i+1, sa.Tree.Tasks[i].Path, p))
				}
			}
		}
		r.match = match
		r.sig = sig
	}
	same, match := r.same, r.match
	vl := &rr.vl
	vl.reset(L, sa.Tables)
	vl.journal = &rr.journal
	vl.sharedNote = rr.sharedNote
	vl.tasks = slices.Grow(vl.tasks, len(match))[:len(match)]
	for i, t := range match {
		if lt, ok := t.(*btlib.Task); ok {
			vl.tasks[i] = lt.Self
		}
	}
	parts := make([]goaplib.AgentParts, len(sa.Goap))
	for i, g := range sa.Goap {
		if g.Task < 0 || g.Task >= len(match) || match[g.Task] == nil {
			return restoreError(sa, fmt.Errorf("GOAP agent %d belongs to saved task %d, which the tree does not have", i, g.Task))
		}
		p, ok := goaplib.TaskAgentParts(match[g.Task])
		if !ok {
			return restoreError(sa, fmt.Errorf("task %s runs no GOAP agent now", sa.Tree.Tasks[g.Task].Path))
		}
		where := "the GOAP agent of task " + sa.Tree.Tasks[g.Task].Path
		if g.State == nil {
			return restoreError(sa, fmt.Errorf("%s: the save holds no \"state\"", where))
		}
		if err := checkGoapRefs(&sa.Goap[i], p, where); err != nil {
			return restoreError(sa, err)
		}
		parts[i] = p
		vl.agents = append(vl.agents, p.Table)
	}
	// The tree and GOAP agents are the fresh agent's own (dropped on
	// error).
	var kinds []string
	if same {
		kinds = rr.kinds.of(r.sig, match)
	}
	if err := sa.Tree.LoadMatchedKinds(a.tree.BT, match, same, kinds); err != nil {
		return restoreError(sa, err)
	}
	if !sa.Status.Valid() {
		return restoreError(sa, fmt.Errorf("status %d out of range", sa.Status))
	}
	a.status = sa.Status
	var hooks []func() error
	if err := checkFieldsEntries(L, sa, match, rr.version, rr.skips); err != nil {
		return restoreError(sa, err)
	}
	for _, f := range sa.Fields {
		lt, ok := match[f.Task].(*btlib.Task)
		if !ok {
			return restoreError(sa, fmt.Errorf("task %s is no Lua task now", sa.Tree.Tasks[f.Task].Path))
		}
		ts := &sa.Tree.Tasks[f.Task]
		if f.Hooked {
			where := "task " + ts.Path + " (" + ts.Kind + ")"
			fn, ok := L.GetField(lt.Self, "OnLoad").(*lua.LFunction)
			if !ok {
				return restoreError(sa, fmt.Errorf("%s: the save holds its OnSave value, its class has no OnLoad now", where))
			}
			v, err := vl.value(f.Hook, lua.LNil, where+": OnSave's value")
			if err != nil {
				return restoreError(sa, err)
			}
			self := lt.Self
			hooks = append(hooks, func() error {
				L.Push(fn)
				L.Push(self)
				L.Push(v)
				if err := luaerr.PCall(L, 2, 0); err != nil {
					return fmt.Errorf("%s: OnLoad: %w", where, luaerr.From(luaerr.Stringify(L, err), ""))
				}
				return nil
			})
			continue
		}
		skip, err := rr.skips.of(L, lt.Self)
		if err != nil {
			return restoreError(sa, fmt.Errorf("task %s (%s): %v", ts.Path, ts.Kind, err))
		}
		kv := f.KV
		if len(skip) > 1 {
			// Keep the skipped fields as the script built them.
			kv = append([]any(nil), kv...)
			lt.Self.ForEach(func(k, v lua.LValue) {
				if ks, ok := k.(lua.LString); ok && skip[string(ks)] && v != lua.LNil {
					kv = append(kv, string(ks), keepValue{v})
				}
			})
		}
		// The place's text is made only for an error.
		if err := vl.fillAt(lt.Self, kv, ts); err != nil {
			return restoreError(sa, err)
		}
	}
	for i, g := range sa.Goap {
		p := parts[i]
		where := "the GOAP agent of task " + sa.Tree.Tasks[g.Task].Path
		if _, err := vl.value(g.Provider, p.Provider, where+": its provider"); err != nil {
			return restoreError(sa, err)
		}
		for j, v := range g.Actions {
			if p.Actions[j] == nil {
				continue
			}
			if _, err := vl.value(v, p.Actions[j], fmt.Sprintf("%s: action %d", where, j+1)); err != nil {
				return restoreError(sa, err)
			}
		}
		if err := p.Agent.Load(g.State); err != nil {
			return restoreError(sa, fmt.Errorf("%s: %v", where, err))
		}
	}
	if err := loadVars(vl, a.tree.BT.Blackboard, sa.Vars, "tree variable "); err != nil {
		return restoreError(sa, err)
	}
	for _, rv := range sa.Refs {
		if rv.Task < 0 || rv.Task >= len(match) {
			return restoreError(sa, fmt.Errorf("refs: the variables of saved task %d, of %d", rv.Task, len(match)))
		}
		what := "variable of reference " + sa.Tree.Tasks[rv.Task].Path + ": "
		r := bt.AsTreeReference(match[rv.Task])
		if r == nil || r.Variables() == nil {
			return restoreError(sa, fmt.Errorf("%sthe save holds variables the reference owns, and the task owns none now", what))
		}
		if err := loadVars(vl, r.Variables(), rv.Vars, what); err != nil {
			return restoreError(sa, err)
		}
	}
	if err := unreferenced(vl, len(sa.Tables)); err != nil {
		return restoreError(sa, err)
	}
	loadSchedule(a, sa.Schedule, false) // checked above
	r.hooks = hooks
	return nil
}

// keepValue is a field value a restore keeps as it is (a saveSkip field).
type keepValue struct{ v lua.LValue }

// applyGlobals sets the saved global variables (with dry set it only
// checks them), keeping the tables it refills in j.
func (h *state) applyGlobals(s *savefile.Scope, dry bool, j *journal) error {
	vl := newValueLoader(h.vm.L, s.Tables, dry)
	vl.journal = j
	if err := loadVars(vl, h.vm.Lib.Globals, s.Vars, "global variable "); err != nil {
		return fmt.Errorf("host: restoring the global variables: %w: %w", ErrBadSave, err)
	}
	if err := unreferenced(vl, len(s.Tables)); dry && err != nil {
		return fmt.Errorf("host: restoring the global variables: %w: %w", ErrBadSave, err)
	}
	return nil
}

// loadVars decodes the saved variables into b (its own scope), refilling
// the tables b holds in place; with vl.dry it only checks.
func loadVars(vl *valueLoader, b *bt.Blackboard, vars []savefile.Var, what string) error {
	type set struct {
		name string
		v    any
	}
	sets := make([]set, 0, len(vars))
	var seen map[string]bool // for many vars; few are searched in sets
	if len(vars) > 16 {
		seen = make(map[string]bool, len(vars))
	}
	for i, sv := range vars {
		if sv.Name == "" {
			return fmt.Errorf("%s%d has no name", what, i+1)
		}
		twice := seen[sv.Name]
		if seen == nil {
			twice = slices.ContainsFunc(sets, func(s set) bool { return s.name == sv.Name })
		}
		if twice {
			return fmt.Errorf("%s%q is saved twice", what, sv.Name)
		}
		if seen != nil {
			seen[sv.Name] = true
		}
		cur, _ := b.Get(sv.Name)
		target, _ := cur.(lua.LValue)
		if target == nil {
			target = lua.LNil
		}
		v, err := vl.valueAt(sv.Value, target, what, sv.Name)
		if err != nil {
			return err
		}
		var out any = v
		if sv.Go {
			switch x := v.(type) {
			case lua.LNumber:
				out = float64(x)
			case lua.LBool:
				out = bool(x)
			case lua.LString:
				out = string(x)
			default:
				return fmt.Errorf("%s%s: a Go value must be a number, boolean or string", what, sv.Name)
			}
		} else if v == lua.LNil {
			out = nil
		}
		sets = append(sets, set{sv.Name, out})
	}
	if vl.dry {
		return nil
	}
	parent := b.Parent()
	b.SetParent(nil)
	defer b.SetParent(parent)
	for _, s := range sets {
		b.Set(s.name, s.v)
	}
	return nil
}
