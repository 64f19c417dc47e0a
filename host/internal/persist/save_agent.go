package persist

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Agent is what a save takes of one agent besides its Lua state: its
// tree, and the parts of its state the host keeps (its name, root
// status, error policy and tick schedule, already in their saved form).
type Agent struct {
	Name     string
	Tree     *btlib.Tree
	Status   bt.Status
	Policy   *savefile.Policy   // nil: none to save
	Schedule *savefile.Schedule // nil: ticks at every Tick
	// Built is BuiltFunctions of the tree, taken when it was built.
	Built values.Built
}

// SaveAgent saves the agent a of the Lua state L: its tasks' state, the
// fields of its Lua tasks, its GOAP agents and its tree's variables. An
// error names the task and field of a value a save cannot hold; the
// caller names the agent.
func (run *Run) SaveAgent(L *lua.LState, a *Agent) (savefile.Agent, error) {
	tasks := bt.Preorder(a.Tree.Root())
	sig := reload.Of(a.Tree)
	ts, err := bt.SaveTasks(a.Tree.BT, tasks, run.paths.of(sig, tasks))
	if err != nil {
		return savefile.Agent{}, err
	}
	sa := savefile.Agent{Name: a.Name, Signature: hex.EncodeToString(sig[:]), Status: a.Status, Tree: ts, Policy: a.Policy, Schedule: a.Schedule}
	vs := run.savers.New(L)
	for _, t := range tasks {
		if what := btailib.TaskDrawsRandom(t); what != "" {
			if !run.whole {
				return savefile.Agent{}, fmt.Errorf("btai: %s draws from the BTAI library's generator, which Agent.Snapshot does not hold (SnapshotAll does)", what)
			}
			run.random[L] = true
		}
	}
	for i, t := range tasks {
		if lt, ok := t.(*btlib.Task); ok {
			vs.SetTask(lt.Self, i)
		}
	}
	var parts []goaplib.AgentParts
	for i, t := range tasks {
		p, ok := goaplib.TaskAgentParts(t)
		if !ok {
			continue
		}
		if !vs.AddGoapAgent(p.Table, len(parts)) {
			continue
		}
		parts = append(parts, p)
		sa.Goap = append(sa.Goap, savefile.Goap{Task: i})
	}
	for i, t := range tasks {
		lt, ok := t.(*btlib.Task)
		if !ok {
			continue
		}
		f, err := run.snapshotFields(L, vs, lt, i, ts.Tasks[i].Path, a.Built)
		if err != nil {
			return savefile.Agent{}, err
		}
		sa.Fields = append(sa.Fields, f) // every Lua task's, [] for none: a deleted one is seen
	}
	for i, p := range parts {
		g := &sa.Goap[i]
		where := "the GOAP agent of task " + ts.Tasks[g.Task].Path
		g.State = p.Agent.Save()
		if g.Provider, err = vs.At(where+": its provider", p.Provider); err != nil {
			return savefile.Agent{}, err
		}
		for j, at := range p.Actions {
			var v any
			if at != nil {
				if v, err = vs.At(fmt.Sprintf("%s: action %d (%s)", where, j+1, p.Agent.Actions[j].Name), at); err != nil {
					return savefile.Agent{}, err
				}
			}
			g.Actions = append(g.Actions, v)
		}
	}
	if sa.Vars, err = saveVars(vs, a.Tree.BT.Blackboard, "tree variable "); err != nil {
		return savefile.Agent{}, err
	}
	for i, t := range tasks {
		r := bt.AsTreeReference(t)
		if r == nil || r.Variables() == nil {
			continue
		}
		vars, err := saveVars(vs, r.Variables(), "variable of reference "+ts.Tasks[i].Path+": ")
		if err != nil {
			return savefile.Agent{}, err
		}
		if len(vars) > 0 {
			sa.Refs = append(sa.Refs, savefile.RefVars{Task: i, Vars: vars})
		}
	}
	sa.Tables = vs.Tables()
	vs.Done()
	return sa, nil
}

// SaveGlobals saves the global variables b of the Lua state L (a save
// of every agent holds them once): nil when there are none.
func (run *Run) SaveGlobals(L *lua.LState, b *bt.Blackboard) (*savefile.Scope, error) {
	vs := run.savers.New(L)
	vars, err := saveVars(vs, b, "global variable ")
	if err != nil || len(vars) == 0 {
		return nil, err
	}
	return &savefile.Scope{Vars: vars, Tables: vs.Tables()}, nil
}

// saveVars saves the variables of b (its own, not its parent's).
func saveVars(vs *values.Saver, b *bt.Blackboard, what string) ([]savefile.Var, error) {
	var out []savefile.Var
	names := b.Names()
	slices.Sort(names)
	for _, name := range names {
		v, _ := b.Get(name)
		sv := savefile.Var{Name: name}
		switch x := v.(type) {
		case lua.LValue:
			enc, err := vs.At(what+name, x)
			if err != nil {
				return nil, err
			}
			sv.Value = enc
		case nil:
		case float64, bool, string:
			enc, err := vs.At(what+name, goToLua(x))
			if err != nil {
				return nil, err
			}
			sv.Value, sv.Go = enc, true
		default:
			return nil, fmt.Errorf("%s%s holds a Go value (%T) set from Go, which a save cannot hold", what, name, v)
		}
		out = append(out, sv)
	}
	return out, nil
}

func goToLua(v any) lua.LValue {
	switch x := v.(type) {
	case float64:
		return lua.LNumber(x)
	case bool:
		return lua.LBool(x)
	case string:
		return lua.LString(x)
	}
	return lua.LNil
}

// snapshotFields saves the instance fields of the Lua task lt (saved task
// index i, path path): the value of its class's OnSave, or its raw
// fields but those its saveSkip list names.
func (run *Run) snapshotFields(L *lua.LState, vs *values.Saver, lt *btlib.Task, i int, path string, built values.Built) (savefile.Fields, error) {
	f := savefile.Fields{Task: i}
	ch := run.classHooks(L, lt.Self)
	where := func() string { return fmt.Sprintf("task %s (%s)", path, bt.Kind(lt)) }
	if ch.err != nil {
		return f, fmt.Errorf("%s: %v", where(), ch.err)
	}
	if ch.onSave != nil {
		if ch.onLoad == nil {
			return f, fmt.Errorf("%s: its class has OnSave but no OnLoad to give the saved value back", where())
		}
		L.Push(ch.onSave)
		L.Push(lt.Self)
		if err := luaerr.PCall(L, 1, 1); err != nil {
			return f, fmt.Errorf("%s: OnSave: %w", where(), luaerr.From(luaerr.Stringify(L, err), ""))
		}
		ret := L.Get(-1)
		L.Pop(1)
		v, err := vs.At(where()+": OnSave's value", ret)
		if err != nil {
			return f, err
		}
		f.Hooked, f.Hook = true, v
		return f, nil
	}
	kv, err := vs.TaskFields(lt.Self, built, ch.skip)
	if err != nil {
		var ve *values.ValueError
		if errors.As(err, &ve) {
			ve.Where = where() + " field" + ve.Where
		}
		return f, err
	}
	f.KV = kv
	return f, nil
}

// classHooks returns what the class of the task table self (or self
// itself, when it has its own) says about saving: looked up once per
// class and save (Run).
func (run *Run) classHooks(L *lua.LState, self *lua.LTable) classHooks {
	cls, _ := self.Metatable.(*lua.LTable)
	own := self.RawGetString("OnSave") != lua.LNil || self.RawGetString("OnLoad") != lua.LNil || self.RawGetString("saveSkip") != lua.LNil
	if !own && cls != nil {
		if ch, ok := run.hooks[cls]; ok {
			return ch
		}
	}
	var ch classHooks
	ch.onSave, _ = L.GetField(self, "OnSave").(*lua.LFunction)
	ch.onLoad, _ = L.GetField(self, "OnLoad").(*lua.LFunction)
	ch.skip, ch.err = skipList(L, self)
	if !own && cls != nil {
		run.hooks[cls] = ch
	}
	return ch
}

// classHooks is what a class says about saving its tasks: OnSave and
// OnLoad, and the fields of saveSkip.
type classHooks struct {
	onSave, onLoad *lua.LFunction
	skip           map[string]bool
	err            error
}

// skipList reads the task's saveSkip field: a list of field names a
// save leaves out (and a restore leaves as the script built them).
func skipList(L *lua.LState, self *lua.LTable) (map[string]bool, error) {
	skip := map[string]bool{"saveSkip": true}
	v := L.GetField(self, "saveSkip")
	if v == lua.LNil {
		return skip, nil
	}
	list, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("saveSkip is %s, want a list of field names", luaerr.Describe(v))
	}
	for j := 1; j <= list.Len(); j++ {
		s, ok := list.RawGetInt(j).(lua.LString)
		if !ok {
			return nil, fmt.Errorf("saveSkip[%d] is %s, want a field name", j, luaerr.Describe(list.RawGetInt(j)))
		}
		skip[string(s)] = true
	}
	return skip, nil
}
