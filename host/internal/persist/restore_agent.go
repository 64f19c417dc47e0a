package persist

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Target is one agent a restore made, with its save and, once applied,
// how its tasks match the saved ones and the OnLoad hooks to run.
type Target struct {
	Tree *btlib.Tree
	Save *savefile.Agent
	// Check, when set, checks the part of the save the host keeps (the
	// agent's tick schedule) without applying it; Apply calls it after
	// checking the tree clock and the error policy's state and before
	// matching the tasks.
	Check func() error
	same  bool
	match []bt.Task
	sig   reload.Signature
	hooks []func() error
}

// RestoreRun is what one restore looks up once for all its agents: each
// class's saveSkip list, each tree structure's signature, task paths and
// kinds; and the journal of the existing tables it refilled, which Undo
// puts back. Make it with NewRestore; it is not safe for concurrent use.
type RestoreRun struct {
	skips   skipCache
	paths   shapePaths
	sigs    shapeSigs
	kinds   shapeKinds
	journal values.Journal
	// vl is the loader of the agent being applied, reset for each.
	vl values.Loader
	// sharedNote, when the loads go back to their saved Lua states, names
	// two loads of one script the save puts in one state (SharedLoads).
	sharedNote string
	// version is the save's format version (the fields rules differ).
	version int
	// ScriptClass, when set, reports whether the global table name of
	// the Lua state L is one a script defined (a class): the only class
	// a table the restore makes anew may get (not string, _G, a
	// library's table).
	ScriptClass func(L *lua.LState, name string) bool
}

// NewRestore returns the run of one restore of a save of the given format
// version; sharedNote, when set, says why two loads of one script share
// a Lua state in the save (SharedLoads), for the errors about classes.
func NewRestore(version int, sharedNote string) *RestoreRun {
	return &RestoreRun{skips: skipCache{}, paths: shapePaths{}, kinds: shapeKinds{}, version: version, sharedNote: sharedNote}
}

// Undo puts back every existing table the run refilled, as it was.
func (rr *RestoreRun) Undo() { rr.journal.Undo() }

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

// restoreError names the agent in an error of restoring it.
func restoreError(sa *savefile.Agent, err error) error {
	var mm *bt.MismatchError
	if errors.As(err, &mm) {
		return fmt.Errorf("host: restoring agent %s: the tree changed: %w", sa.Name, err)
	}
	return fmt.Errorf("host: restoring agent %s: %w: %w", sa.Name, savefile.ErrBad, err)
}

// HasHooks reports whether the applied agent has OnLoad hooks to run.
func (r *Target) HasHooks() bool { return len(r.hooks) > 0 }

// RunHooks runs the OnLoad hooks of r's tasks, in order, once the whole
// save is checked and applied.
func (r *Target) RunHooks() error {
	for _, run := range r.hooks {
		if err := run(); err != nil {
			return fmt.Errorf("host: restoring agent %s: %w", r.Save.Name, err)
		}
	}
	return nil
}

// Apply gives r.Tree, a fresh tree of the Lua state L, the saved state
// r.Save, checking it as it goes; the OnLoad hooks it finds wait for
// RunHooks, to run once the whole save is checked. The caller gives the
// agent its root status (r.Save.Status, checked here) and the parts it
// keeps once Apply returns nil, and drops the agent on error.
func (rr *RestoreRun) Apply(L *lua.LState, r *Target) error {
	sa := r.Save
	if r.match == nil {
		sig := rr.sigs.of(L, r.Tree)
		if b, err := hex.DecodeString(sa.Signature); err != nil || len(b) != len(sig) {
			return restoreError(sa, fmt.Errorf("\"signature\" is %s, want %d hex digits (a SHA-256)", savefile.Quote(sa.Signature), 2*len(sig)))
		}
		r.same = hex.EncodeToString(sig[:]) == sa.Signature
		if err := sa.Tree.CheckClock(); err != nil {
			return restoreError(sa, err)
		}
		if err := CheckPolicy(sa.Policy); err != nil {
			return restoreError(sa, err)
		}
		if r.Check != nil {
			if err := r.Check(); err != nil {
				return restoreError(sa, err)
			}
		}
		match, err := sa.Tree.Match(r.Tree.Root(), r.same)
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
	vl.Reset(L, sa.Tables)
	vl.Journal = &rr.journal
	vl.SharedNote = rr.sharedNote
	vl.ScriptClass = rr.ScriptClass
	vl.Tasks = slices.Grow(vl.Tasks, len(match))[:len(match)]
	for i, t := range match {
		if lt, ok := t.(*btlib.Task); ok {
			vl.Tasks[i] = lt.Self
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
		vl.Agents = append(vl.Agents, p.Table)
	}
	// The tree and GOAP agents are the fresh agent's own (dropped on
	// error).
	var kinds []string
	if same {
		kinds = rr.kinds.of(r.sig, match)
	}
	if err := sa.Tree.LoadMatchedKinds(r.Tree.BT, match, same, kinds); err != nil {
		return restoreError(sa, err)
	}
	if !sa.Status.Valid() {
		return restoreError(sa, fmt.Errorf("status %d out of range", sa.Status))
	}
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
			v, err := vl.Value(f.Hook, lua.LNil, where+": OnSave's value")
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
					kv = append(kv, string(ks), values.Keep{V: v})
				}
			})
		}
		// The place's text is made only for an error.
		if err := vl.FillTask(lt.Self, kv, ts); err != nil {
			return restoreError(sa, err)
		}
	}
	for i, g := range sa.Goap {
		p := parts[i]
		where := "the GOAP agent of task " + sa.Tree.Tasks[g.Task].Path
		if _, err := vl.Value(g.Provider, p.Provider, where+": its provider"); err != nil {
			return restoreError(sa, err)
		}
		for j, v := range g.Actions {
			if p.Actions[j] == nil {
				continue
			}
			if _, err := vl.Value(v, p.Actions[j], fmt.Sprintf("%s: action %d", where, j+1)); err != nil {
				return restoreError(sa, err)
			}
		}
		if err := p.Agent.Load(g.State); err != nil {
			return restoreError(sa, fmt.Errorf("%s: %v", where, err))
		}
	}
	if err := loadVars(vl, r.Tree.BT.Blackboard, sa.Vars, "tree variable "); err != nil {
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
	if err := vl.Unreferenced(len(sa.Tables)); err != nil {
		return restoreError(sa, err)
	}
	r.hooks = hooks
	return nil
}

// Globals sets the saved global variables s in b, the global variables
// of the Lua state L (with dry set it only checks them), keeping the
// tables it refills in the run's journal.
func (rr *RestoreRun) Globals(L *lua.LState, b *bt.Blackboard, s *savefile.Scope, dry bool) error {
	vl := values.NewLoader(L, s.Tables, dry)
	vl.Journal = &rr.journal
	vl.ScriptClass = rr.ScriptClass
	if err := loadVars(vl, b, s.Vars, "global variable "); err != nil {
		return fmt.Errorf("host: restoring the global variables: %w: %w", savefile.ErrBad, err)
	}
	if err := vl.Unreferenced(len(s.Tables)); dry && err != nil {
		return fmt.Errorf("host: restoring the global variables: %w: %w", savefile.ErrBad, err)
	}
	return nil
}

// loadVars decodes the saved variables into b (its own scope), refilling
// the tables b holds in place; with vl dry it only checks.
func loadVars(vl *values.Loader, b *bt.Blackboard, vars []savefile.Var, what string) error {
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
		v, err := vl.ValueAt(sv.Value, target, what, sv.Name)
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
	if vl.Dry() {
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
