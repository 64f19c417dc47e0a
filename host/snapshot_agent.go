package host

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Snapshot returns the agent's whole running state as a save (JSON, see
// docs/saving.md and SaveFormat): the script it came from (path and
// SHA-256 of its content) and its spawn arguments, the tree's structure
// signature, every task's core state, the tree clock, the tree's
// variables, the data fields of its Lua tasks and the state of its GOAP
// agents. h.Restore(data) in another host starts the same agent at the
// same point. Global variables are saved by SnapshotAll.
//
// A value a save cannot hold (a function, a coroutine, userdata or a Go
// value, in a task's field, a variable or a table reached from them) is
// an error naming the agent, the task path and the field, unless the
// task's class declares OnSave/OnLoad or lists the field in saveSkip.
// An agent stopped by an error is refused. The class's OnSave runs under
// the CPU budget; Snapshot called from a script the host runs is refused
// with a Lua error there. After Close it returns an error wrapping
// ErrClosed.
func (a *Agent) Snapshot() ([]byte, error) {
	defer a.use("Snapshot").done()
	h := a.host
	if err := h.refuseClosed("Snapshot"); err != nil {
		return nil, err
	}
	h.refuseInScript("Snapshot")
	defer h.stretch("saving agent "+a.Name(), a)()
	h.releaseSlots()
	ld, err := h.snapshotLoad(newSaveRun(), a.load, []*Agent{a})
	if err != nil {
		return nil, err
	}
	return savefile.Encode(&savefile.File{Format: SaveFormat, Version: SaveVersion, Loads: []savefile.Load{ld}})
}

// SnapshotAll returns a save of every agent of the host, in order, with
// the global variables and the host's tick count and clock (see
// Snapshot); h.RestoreAll(data) in a fresh host, of any number of
// shards, goes on from there. The first agent that cannot be saved fails
// it, naming the agent. Call it between ticks.
func (h *Host) SnapshotAll() ([]byte, error) {
	if err := h.tryUse("SnapshotAll"); err != nil {
		return nil, err
	}
	defer h.done()
	if err := h.refuseClosed("SnapshotAll"); err != nil {
		return nil, err
	}
	h.refuseInScript("SnapshotAll")
	s0 := h.eng.states()[0] // its global variables are every state's (a shard's mirror them)
	defer s0.stretch("saving every agent", nil)()
	h.releaseSlots()
	f := &savefile.File{Format: SaveFormat, Version: SaveVersion, Shards: h.eng.shardCount(), Ticks: h.ticks, Clock: h.clock}
	states := h.eng.states()
	run := newSaveRun()
	run.whole = true
	vs := newValueSaver(s0.vm.L, run)
	vars, err := saveVars(vs, s0.vm.Lib.Globals, "global variable ")
	if err != nil {
		return nil, err
	}
	if len(vars) > 0 {
		f.Globals = &savefile.Scope{Vars: vars, Tables: vs.tables}
	}
	for _, ld := range h.eng.allLoads() {
		if len(ld.agents) == 0 {
			continue
		}
		// The agents' own state: a shard of a sharded host.
		sl, err := ld.agents[0].host.snapshotLoad(run, ld, ld.agents)
		if err != nil {
			return nil, err
		}
		sl.State = slices.Index(states, ld.agents[0].host)
		sl.Placed = f.Shards > 0
		f.Loads = append(f.Loads, sl)
	}
	if len(run.random) > 0 {
		for _, g := range h.eng.states() {
			var state []byte
			if run.random[g] {
				if state, err = g.vm.BTAI.RandomState(); err != nil {
					return nil, fmt.Errorf("host: saving the BTAI library's generator: %v", err)
				}
			}
			f.BTAIRandom = append(f.BTAIRandom, state)
		}
	}
	return savefile.Encode(f)
}

// snapshotLoad saves the agents of ld.
func (h *state) snapshotLoad(run *saveRun, ld *load, agents []*Agent) (savefile.Load, error) {
	hash, ok := run.hashes[ld.src.path]
	if !ok {
		content, err := h.vm.Files.ReadFile(ld.src.path)
		if err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving: reading %s for its hash: %w", ld.src.path, err)
		}
		sum := sha256.Sum256(content)
		hash = hex.EncodeToString(sum[:])
		run.hashes[ld.src.path] = hash
	}
	sl := savefile.Load{Script: ld.src.path, Hash: hash, Spawned: ld.spawned}
	if ld.spawned {
		if err := plainArgs(ld.args, "args"); err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving the agents spawned from %s: %v", ld.src.path, err)
		}
		sl.Args = ld.args
	}
	for _, a := range agents {
		sa, err := h.snapshotAgent(run, a)
		if err != nil {
			return savefile.Load{}, err
		}
		sa.Index = slices.Index(ld.agents, a)
		sl.Agents = append(sl.Agents, sa)
	}
	return sl, nil
}

// plainArgs checks that spawn arguments are data a save restores as they
// were: nil, booleans, numbers of at most 2^53 in size (a hand-edited
// 1e308 is refused), strings, and maps with string keys and slices of
// those.
func plainArgs(v any, where string) error {
	switch x := v.(type) {
	case nil, bool, string:
		return nil
	case float64:
		return argNumber(x, where)
	case int:
		return argNumber(float64(x), where)
	case map[string]any:
		for k, e := range x {
			switch e.(type) {
			case nil, bool, string:
				continue
			}
			if err := plainArgs(e, where+"."+k); err != nil {
				return err
			}
		}
		return nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Bool, reflect.String:
		return nil
	case reflect.Float32, reflect.Float64:
		return argNumber(rv.Float(), where)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return argNumber(float64(rv.Int()), where)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return argNumber(float64(rv.Uint()), where)
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			if err := plainArgs(rv.Index(i).Interface(), fmt.Sprintf("%s[%d]", where, i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return fmt.Errorf("%s is a map with %s keys; a save holds string keys", where, rv.Type().Key())
		}
		for _, k := range rv.MapKeys() {
			if err := plainArgs(rv.MapIndex(k).Interface(), where+"."+k.String()); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s is a %T, which a save cannot hold (give Spawn maps, slices, numbers, strings and booleans)", where, v)
}

// argNumber refuses a spawn argument's number past 2^53 in size (or not
// finite): no index, count or setting is that large, and a Lua number
// past it is no longer whole-exact.
func argNumber(f float64, where string) error {
	if math.Abs(f) <= bt.MaxCount {
		return nil
	}
	return fmt.Errorf("%s is %v, a number past 2^53 (a spawn argument a save holds is at most 2^53 in size)", where, f)
}

// saveError names the agent in an error of saving it.
func saveError(a *Agent, err error) error {
	return fmt.Errorf("host: saving agent %s (%s): %w", treeName(a.tree), a.Source, err)
}

// snapshotAgent saves one agent.
func (h *state) snapshotAgent(run *saveRun, a *Agent) (savefile.Agent, error) {
	pol, err := h.savePolicy(a)
	if err != nil {
		return savefile.Agent{}, saveError(a, err)
	}
	tasks := bt.Preorder(a.tree.Root())
	sig := signature(a.tree)
	ts, err := bt.SaveTasks(a.tree.BT, tasks, run.paths.of(sig, tasks))
	if err != nil {
		return savefile.Agent{}, saveError(a, err)
	}
	sa := savefile.Agent{Name: treeName(a.tree), Signature: hex.EncodeToString(sig[:]), Status: a.status, Tree: ts, Policy: pol, Schedule: saveSchedule(a)}
	vs := newValueSaver(h.vm.L, run)
	for _, t := range tasks {
		if what := btailib.TaskDrawsRandom(t); what != "" {
			if !run.whole {
				return savefile.Agent{}, saveError(a, fmt.Errorf("btai: %s draws from the BTAI library's generator, which Agent.Snapshot does not hold (SnapshotAll does)", what))
			}
			run.random[h] = true
		}
	}
	for i, t := range tasks {
		if lt, ok := t.(*btlib.Task); ok {
			vs.tasks[lt.Self] = i
		}
	}
	var parts []goaplib.AgentParts
	for i, t := range tasks {
		p, ok := goaplib.TaskAgentParts(t)
		if !ok {
			continue
		}
		if _, dup := vs.agents[p.Table]; dup {
			continue
		}
		vs.agents[p.Table] = len(parts)
		parts = append(parts, p)
		sa.Goap = append(sa.Goap, savefile.Goap{Task: i})
	}
	for i, t := range tasks {
		lt, ok := t.(*btlib.Task)
		if !ok {
			continue
		}
		f, err := h.snapshotFields(vs, lt, i, ts.Tasks[i].Path, a.built)
		if err != nil {
			return savefile.Agent{}, saveError(a, err)
		}
		sa.Fields = append(sa.Fields, f) // every Lua task's, [] for none: a deleted one is seen
	}
	for i, p := range parts {
		g := &sa.Goap[i]
		where := "the GOAP agent of task " + ts.Tasks[g.Task].Path
		g.State = p.Agent.Save()
		if g.Provider, err = vs.at(where+": its provider", p.Provider); err != nil {
			return savefile.Agent{}, saveError(a, err)
		}
		for j, at := range p.Actions {
			var v any
			if at != nil {
				if v, err = vs.at(fmt.Sprintf("%s: action %d (%s)", where, j+1, p.Agent.Actions[j].Name), at); err != nil {
					return savefile.Agent{}, saveError(a, err)
				}
			}
			g.Actions = append(g.Actions, v)
		}
	}
	if sa.Vars, err = saveVars(vs, a.tree.BT.Blackboard, "tree variable "); err != nil {
		return savefile.Agent{}, saveError(a, err)
	}
	for i, t := range tasks {
		r := bt.AsTreeReference(t)
		if r == nil || r.Variables() == nil {
			continue
		}
		vars, err := saveVars(vs, r.Variables(), "variable of reference "+ts.Tasks[i].Path+": ")
		if err != nil {
			return savefile.Agent{}, saveError(a, err)
		}
		if len(vars) > 0 {
			sa.Refs = append(sa.Refs, savefile.RefVars{Task: i, Vars: vars})
		}
	}
	sa.Tables = vs.tables
	vs.done()
	return sa, nil
}

// saveVars saves the variables of b (its own, not its parent's).
func saveVars(vs *valueSaver, b *bt.Blackboard, what string) ([]savefile.Var, error) {
	var out []savefile.Var
	names := b.Names()
	slices.Sort(names)
	for _, name := range names {
		v, _ := b.Get(name)
		sv := savefile.Var{Name: name}
		switch x := v.(type) {
		case lua.LValue:
			enc, err := vs.at(what+name, x)
			if err != nil {
				return nil, err
			}
			sv.Value = enc
		case nil:
		case float64, bool, string:
			enc, err := vs.at(what+name, goToLua(x))
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
func (h *state) snapshotFields(vs *valueSaver, lt *btlib.Task, i int, path string, built map[builtKey]*lua.LFunction) (savefile.Fields, error) {
	L := h.vm.L
	f := savefile.Fields{Task: i}
	ch := vs.classHooks(lt.Self)
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
		v, err := vs.at(where()+": OnSave's value", ret)
		if err != nil {
			return f, err
		}
		f.Hooked, f.Hook = true, v
		return f, nil
	}
	vs.base, vs.keys, vs.taskFields, vs.self, vs.built = "", vs.keys[:0], true, lt.Self, built
	kv, err := vs.fields(lt.Self, ch.skip)
	vs.taskFields, vs.self = false, nil
	if err != nil {
		var ve *valueError
		if errors.As(err, &ve) {
			ve.where = where() + " field" + ve.where
		}
		return f, err
	}
	f.KV = kv
	return f, nil
}

// classHooks returns what the class of the task table self (or self
// itself, when it has its own) says about saving: looked up once per
// class and save (saveRun).
func (vs *valueSaver) classHooks(self *lua.LTable) classHooks {
	cls, _ := self.Metatable.(*lua.LTable)
	own := self.RawGetString("OnSave") != lua.LNil || self.RawGetString("OnLoad") != lua.LNil || self.RawGetString("saveSkip") != lua.LNil
	if !own && cls != nil {
		if ch, ok := vs.run.hooks[cls]; ok {
			return ch
		}
	}
	L := vs.L
	var ch classHooks
	ch.onSave, _ = L.GetField(self, "OnSave").(*lua.LFunction)
	ch.onLoad, _ = L.GetField(self, "OnLoad").(*lua.LFunction)
	ch.skip, ch.err = skipList(L, self)
	if !own && cls != nil {
		vs.run.hooks[cls] = ch
	}
	return ch
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
