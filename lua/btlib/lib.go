package btlib

import (
	"io"
	"os"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/lua/luasrc"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Options configure Open.
type Options struct {
	// Stdout receives BTLog output; nil means os.Stdout.
	Stdout io.Writer
	// ExecutionType and MaxTaskExecutions are given to every tree the
	// scripts make (bt.BehaviorTree's fields of those names); a script
	// changes them with tree:SetExecutionType.
	ExecutionType     bt.ExecutionType
	MaxTaskExecutions int
}

// Lib is the behavior-tree library installed in one Lua state.
type Lib struct {
	// L is the state the library lives in.
	L    *lua.LState
	out  io.Writer
	opts Options

	// Module is the table require("bt") returns.
	Module *lua.LTable
	// Globals holds the global variables, the parent scope of every tree's
	// blackboard (Behavior Designer's global variables).
	Globals *bt.Blackboard

	epoch    uint64
	specs    map[*lua.LTable]*spec
	builtin  [numLifecycle]*lua.LFunction
	statuses [4]lua.LValue
	names    map[*lua.LTable]string

	// current is the task whose code runs now (see running.go).
	current *Task
	// raised is the last Lua error blamed on a task, raisedBy that task;
	// blameNext, when set, is the task the next new error is blamed on.
	raised    *lua.ApiError
	raisedBy  *Task
	blameNext *Task
	// mistakeBy is the task that was running when the core reported a
	// task's mistake (a *bt.StructureError or *bt.StatusError panic).
	mistakeBy *Task
	// panicked is the last Go panic seen during a tick.
	panicked *luaerr.GoPanic
	// ticking is the tree being ticked, with the delta time of the tick.
	ticking    *Tree
	tickDT     float64
	tickStatus bt.Status
	tickFn     *lua.LFunction
	// onWrite hears blackboard writes (see SetWriteHook).
	onWrite func(VariableWrite)
}

// nodeKey is the raw field of a task or tree table that holds its Go node.
const nodeKey = "__bt"

// Open installs the library in L: the module "bt" (preloaded for require)
// and the seed-compatible globals BTTaskStatus, BTTask, BTParentTask,
// BTComposite, BTDecorator, BTAction, BTConditional, BTSequence,
// BTSelector, BTParallel, BTLog, BTActionUniversal and BTBehaviorTree.
// It replaces coroutine.yield with one that refuses to yield across a Go
// call, as PUC Lua 5.1 does (see guardYield). It returns an error when the
// embedded Lua part of the library fails to load.
func Open(L *lua.LState, opts Options) (*Lib, error) {
	lib := &Lib{
		L:       L,
		out:     opts.Stdout,
		opts:    opts,
		epoch:   1,
		specs:   map[*lua.LTable]*spec{},
		names:   map[*lua.LTable]string{},
		Module:  L.NewTable(),
		Globals: bt.NewBlackboard(nil),
	}
	if lib.out == nil {
		lib.out = os.Stdout
	}
	for i := range lib.statuses {
		lib.statuses[i] = lua.LNumber(i)
	}
	lib.tickFn = L.NewFunction(func(*lua.LState) int {
		// A Go panic outside any task is caught here, with its stack.
		defer lib.leave(lib.enter(nil))
		lib.tickStatus = lib.ticking.tick(lib.tickDT)
		return 0
	})
	guardYield(L)
	lib.registerClasses()
	mod := lib.Module
	L.PreloadModule("bt", func(L *lua.LState) int {
		L.Push(mod)
		return 1
	})
	if err := luasrc.Run(L, "bt.lua"); err != nil {
		return nil, err
	}
	return lib, nil
}

// Invalidate drops every cached method lookup, so that the next call of
// each lifecycle method looks it up again in the class tables. Hot reload
// calls it after merging new methods into classes in place.
func (lib *Lib) Invalidate() { lib.epoch++ }

// Status returns the Lua value of s (BTTaskStatus.Success and so on).
func (lib *Lib) Status(s bt.Status) lua.LValue {
	if int(s) < len(lib.statuses) {
		return lib.statuses[s]
	}
	return lua.LNil
}
