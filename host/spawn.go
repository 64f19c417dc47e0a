package host

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Spawn starts one agent from a script that returns a factory function,
// calling the factory with args; many agents come from one script, each
// with its own arguments:
//
//	-- ai/npc.lua
//	Walker = BTAction:New()   -- classes: defined once, shared by every agent
//	...
//	return function(args)
//	    local tree = BTBehaviorTree:New()
//	    tree.name = args.name
//	    tree:SetStartTask(Walker:New(args.speed))
//	    return tree
//	end
//
//	guard, err := h.Spawn("ai/npc.lua", map[string]any{"name": "guard", "speed": 1.5})
//
// The script runs once, at the first Spawn of its path (later Spawns call
// the factory it returned), so its classes are one set of tables that
// every agent's tasks share. args reaches the factory as a Lua value:
// maps and slices become Lua tables (made anew for each call), numbers,
// strings and booleans Lua's, and structs, pointers and functions are
// bound through gopher-luar, so the script uses their fields and methods
// (see SetGlobal). The factory returns one tree: a BTBehaviorTree or a
// task (ticked as the root of a tree of its own), which is not ticked by
// another agent.
//
// A reload of the script runs it once and takes the factory it returns;
// the new factory is then called once per spawned agent, with the agent's
// own args, and each agent's tree is kept or rebuilt as in Reload: the
// same structure keeps the running tree and its state (class-level
// reload), another structure halts the old tree and runs the new one,
// with the blackboard carried across. A reload whose script no longer
// returns a function, or whose factory fails for any agent, changes
// nothing.
//
// Errors name the file and line (a *luaerr.Error): the script's or the
// factory's, a script that does not return a function, or a factory that
// does not return exactly one tree (at the line where the factory
// function is defined). A missing file is an error that wraps
// fs.ErrNotExist. With Options.MemoryLimit, a Spawn after which the heap
// is over the limit (after a collection) and grew fails with "memory
// limit of ... exceeded (the heap grew over it, to ..., while spawning
// agent ...)" (heapbuild.go). On error no agent is added.
//
// The script and the factory run under the CPU budget (Options.Budget) as
// one stretch; Spawn called from a script the host is running is refused
// with a Lua error there.
// After Close it returns an error wrapping ErrClosed.
func (h *Host) Spawn(path string, args any) (*Agent, error) {
	if err := h.tryUse("Spawn"); err != nil {
		return nil, err
	}
	defer h.done()

	if err := h.refuseClosed("Spawn"); err != nil {
		return nil, err
	}
	return h.eng.spawnAgent(path, args)
}

// spawnAgent is Spawn in the state.
func (h *state) spawnAgent(path string, args any) (*Agent, error) {
	h.refuseInScript("Spawn")
	defer h.stretch("spawning "+path, nil)()
	src, factory, err := h.factory(path)
	if err != nil {
		return nil, err
	}
	ld := &load{src: src, spawned: true, args: args}
	tr, err := h.spawnTree(ld, factory, nil)
	if err != nil {
		return nil, err
	}
	if err := h.overLimitBuilding(func() string { return h.spawningText(tr, src.path) }); err != nil {
		return nil, err
	}
	a := h.newAgent(tr, ld, "factory return value 1")
	ld.agents = []*Agent{a}
	h.loads = append(h.loads, ld)
	h.agents = append(h.agents, a)
	return a, nil
}

// factory returns the script at path and its factory function, running
// the script the first time.
func (h *state) factory(path string) (*source, *lua.LFunction, error) {
	if src := h.sources[h.vm.Files.Key(path)]; src != nil && h.factories[src] != nil {
		return src, h.factories[src], nil
	}
	if _, err := h.vm.Files.Stat(path); err != nil {
		return nil, nil, err
	}
	h.vm.AddScriptFolder(path)
	src := h.track(path, scriptSource, "")
	fn, err := h.vm.LoadFile(path)
	if err != nil {
		return nil, nil, luaerr.From(err, "")
	}
	rets, commit, err := h.runScript(src, fn)
	if err != nil {
		return nil, nil, err
	}
	f, err := factoryOf(src.path, rets)
	if err != nil {
		return nil, nil, err
	}
	commit()
	h.factories[src] = f
	return src, f, nil
}

// factoryOf returns the factory function a spawned script returned.
func factoryOf(path string, rets []lua.LValue) (*lua.LFunction, error) {
	var v lua.LValue = lua.LNil
	if len(rets) > 0 {
		v = rets[0]
	}
	f, ok := v.(*lua.LFunction)
	if !ok {
		return nil, &luaerr.Error{File: path, Msg: fmt.Sprintf(
			"Spawn: the script returns %s, not a factory function (end it with return function(args) ... return tree end)",
			luaerr.Describe(v))}
	}
	return f, nil
}

// spawnTree calls the factory with the load's args and returns the tree
// it returned. During a reload, the tree of the load's own agent may come
// back (the factory keeps trees in a table); any other agent's tree, or a
// tree claimed by another load in this reload, is refused.
func (h *state) spawnTree(ld *load, factory *lua.LFunction, claimed map[*btlib.Tree]bool) (*btlib.Tree, error) {
	L := h.vm.L
	top := L.GetTop()
	L.Push(factory)
	L.Push(vm.LuaValue(L, ld.args))
	if err := luaerr.PCall(L, 1, lua.MultRet); err != nil {
		return nil, inFile(luaerr.From(luaerr.Stringify(L, err), ""), ld.src.path)
	}
	rets := make([]lua.LValue, 0, L.GetTop()-top)
	for i := top + 1; i <= L.GetTop(); i++ {
		rets = append(rets, L.Get(i))
	}
	L.SetTop(top)
	trees, _, err := h.treesOf(ld.src.path, rets, ld.src, "factory return value")
	if err != nil {
		return nil, atFactory(err, factory)
	}
	if len(trees) != 1 {
		return nil, atFactory(&luaerr.Error{File: ld.src.path, Msg: fmt.Sprintf(
			"Spawn: the factory returned %d behavior trees; an agent ticks one (return a tree or a task)", len(trees))}, factory)
	}
	tr := trees[0]
	if a := h.byTree[tr]; (a != nil && a.load != ld) || claimed[tr] {
		owner := ld.src.path
		if a != nil {
			owner = a.Source
		}
		return nil, atFactory(&luaerr.Error{File: ld.src.path, Msg: tickedAlready("factory return value 1", tr, owner)}, factory)
	}
	if claimed != nil {
		claimed[tr] = true
	}
	return tr, nil
}

// atFactory locates err, an error about what a factory returned, at the
// line where the factory function is defined (the line of its return
// statement is not known), in the file that defines it: err is a
// *luaerr.Error without a line, else it is returned as it is.
func atFactory(err error, factory *lua.LFunction) error {
	le, ok := err.(*luaerr.Error)
	if !ok || le.Line > 0 || factory.Proto == nil || factory.Proto.LineDefined <= 0 {
		return err
	}
	le.File, le.Line = factory.Proto.SourceName, factory.Proto.LineDefined
	return le
}

// planSpawns calls the reloaded script's factory for each spawned load of
// src, with the load's args, and plans new trees for the loads whose tree
// changed structure or was stopped by an error (see planTrees).
func (h *state) planSpawns(src *source, factory *lua.LFunction) ([]treePlan, error) {
	var plans []treePlan
	claimed := map[*btlib.Tree]bool{}
	for _, ld := range h.loads {
		if ld.src != src || !ld.spawned {
			continue
		}
		tr, err := h.spawnTree(ld, factory, claimed)
		if err != nil {
			return nil, err
		}
		if !ld.unchanged([]treeSignature{signature(tr)}) {
			plans = append(plans, treePlan{ld: ld, fresh: []*btlib.Tree{tr}})
		}
	}
	return plans, nil
}
