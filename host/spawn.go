package host

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/reload"
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
	if err := h.overLimitBuilding(func() string { return h.spawningText(tr, src.Path) }); err != nil {
		return nil, err
	}
	a := h.newAgent(tr, ld, "factory return value 1")
	ld.agents = []*Agent{a}
	h.loads = append(h.loads, ld)
	h.agents = append(h.agents, a)
	return a, nil
}

// factory returns the script at path and its factory function, running
// the script the first time (see loader.Loader.Run).
func (h *state) factory(path string) (*source, *lua.LFunction, error) {
	if src := h.sources.At(h.vm.Files.Key(path)); src != nil && h.factories[src] != nil {
		return src, h.factories[src], nil
	}
	rec, fn, err := h.loader.Open(path)
	if err != nil {
		return nil, nil, err
	}
	src := rec.(*source)
	rets, commit, err := h.loader.Run(src.Path, src, fn, h.ranBefore(src))
	if err != nil {
		return nil, nil, err
	}
	f, err := loader.FactoryOf(src.Path, rets)
	if err != nil {
		return nil, nil, err
	}
	commit()
	h.factories[src] = f
	return src, f, nil
}

// spawnTree calls the factory with the load's args and returns the tree
// it returned (see loader.Loader.CallFactory). During a reload, the tree
// of the load's own agent may come back (the factory keeps trees in a
// table); any other agent's tree, or a tree claimed by another load in
// this reload, is refused.
func (h *state) spawnTree(ld *load, factory *lua.LFunction, claimed map[*btlib.Tree]bool) (*btlib.Tree, error) {
	tr, err := h.loader.CallFactory(ld.src.Path, ld.src, factory, ld.args)
	if err != nil {
		return nil, err
	}
	if a := h.byTree[tr]; (a != nil && a.load != ld) || claimed[tr] {
		owner := ld.src.Path
		if a != nil {
			owner = a.Source
		}
		return nil, loader.AtFactory(&luaerr.Error{File: ld.src.Path, Msg: loader.TickedAlready("factory return value 1", tr, owner)}, factory)
	}
	if claimed != nil {
		claimed[tr] = true
	}
	return tr, nil
}

// planSpawns calls the reloaded script's factory for each spawned load of
// src, with the load's args, and plans new trees for the loads whose tree
// changed structure or was stopped by an error (see planTrees).
func (h *state) planSpawns(src *source, factory *lua.LFunction, pairs *reload.Pairs) ([]treePlan, error) {
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
		pairs.Kept(ld.trees(), []*btlib.Tree{tr})
		if !ld.unchanged([]treeSignature{signature(tr)}) {
			plans = append(plans, treePlan{ld: ld, fresh: []*btlib.Tree{tr}})
		}
	}
	return plans, nil
}
