package btlib

import (
	"io"
	"os"

	"github.com/btlua/btlua/lua/luaclass"
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
	// Classes are task classes of the embedding program (its own Go
	// tasks), defined after the built-in ones; nil for none. See Class.
	Classes *Registry
}

// Lib is the behavior-tree library installed in one Lua state.
type Lib struct {
	// L is the state the library lives in.
	L    *lua.LState
	st   *luaclass.State
	out  io.Writer
	opts Options

	// Module is the table require("bt") returns.
	Module *lua.LTable
	// Globals holds the global variables, the parent scope of every tree's
	// blackboard (Behavior Designer's global variables).
	Globals *bt.Blackboard

	classes   map[*lua.LTable]*classDef
	byName    map[string]*classDef
	treeClass *classDef
	builtin   [numLifecycle]*lua.LFunction
	hooks     *luaclass.MethodSet
	viewMeta  *lua.LTable
	statuses  [4]lua.LValue
	names     map[*lua.LTable]string
	// scanned is the last global key scanGlobals saw (see className).
	scanned lua.LValue

	// stopFn is lib.stopped, every tree's Stop: the method value made
	// once, not one allocation per tree.
	stopFn func() error

	// profiler, when set, hears the Lua hooks' time (profile.go).
	profiler *bt.Profiler
	// ticking is the tree being ticked, with the delta time of the tick.
	ticking    *Tree
	tickDT     float64
	tickStatus bt.Status
	tickFn     *lua.LFunction
	// batch is the work of TickBatch, ticked by batchFn; slice is the
	// TreeBatch of TickTrees.
	batch   treeBatch
	batchFn *lua.LFunction
	slice   treeSlice
	// checkIs and checkNot are bt.lua's BTPrecondition.Check and
	// BTPreconditionNOT.Check (see luaCondition.Check).
	checkIs, checkNot *lua.LFunction
	// inlines holds the inline form of precondition functions, by
	// prototype (see inline_condition.go).
	inlines map[*lua.FunctionProto]*inlineTest
	// onWrite hears blackboard writes (see SetWriteHook).
	onWrite func(VariableWrite)
	// refLoader finds the files of tree references (see
	// SetReferenceLoader); refStack is the chain of referenced files
	// being built, refFactories the factories files returned; varMeta is
	// the metatable of bt.Variable's remap markers.
	refLoader    ReferenceLoader
	refStack     []string
	refFactories map[string]*lua.LFunction
	// refTooDeep is the error of a chain over MaxReferenceDepth while
	// the outer levels of the chain unwind (nil otherwise).
	refTooDeep error
	// newWhere is "file:line" of the New call being served by luaNew for
	// a located class, for its constructor to take (see takeWhere).
	newWhere string
	// lines caches callerLine per call site (caller_line.go).
	lines lineCache
	// condChunk is the rest of the chunk newCondition takes conditions
	// from.
	condChunk []luaCondition
	// refFiles maps a reference's script and path to its file.
	refFiles map[refKey]string
	// refUses records how each reference was made (see
	// RebuildReference), refOrder their order.
	refUses  map[*bt.TreeReference]refUse
	refOrder []*bt.TreeReference
	// refSeen is the parents met by a walk for references (see
	// walkReferences), kept to be reused.
	refSeen map[bt.Task]bool
	varMeta *lua.LTable
}

// moduleExtras is how many fields require("bt") holds besides its
// classes (Status, AbortType, ExecutionType, BehaviorTree, Variable,
// GoapAgentTask, ...): the module's table is sized for them at Open.
const moduleExtras = 8

// Open installs the library in L: the module "bt" (preloaded for require)
// and the seed-compatible globals BTTaskStatus, BTAbortType,
// BTExecutionType, BTBehaviorTree and every task class (BTTask,
// BTParentTask, BTComposite, BTDecorator, BTAction, BTConditional,
// BTSequence, BTWait, BTLog, ... and the classes of opts.Classes). It
// replaces coroutine.yield with one that refuses to yield across a Go
// call, as PUC Lua 5.1 does (see luaclass.GuardYield), pairs and ipairs
// with ones that honor __pairs and __ipairs (luaclass.OpenIteration), and
// setmetatable with one that sizes a new object's string map for a few
// fields (luaclass.SizeObjects), and type with one that does not allocate
// (luaclass.OpenTypeNames). It returns an
// error when a class of opts.Classes cannot be defined (an unknown base
// class, a name taken) or when the embedded Lua part of the library fails
// to load.
func Open(L *lua.LState, opts Options) (*Lib, error) {
	decls, err := declarations(opts.Classes)
	if err != nil {
		return nil, err
	}
	lib := &Lib{
		L:       L,
		st:      luaclass.For(L),
		out:     opts.Stdout,
		opts:    opts,
		classes: map[*lua.LTable]*classDef{},
		byName:  map[string]*classDef{},
		names:   map[*lua.LTable]string{},
		scanned: lua.LNil,
		Module:  L.CreateTable(0, len(decls)+moduleExtras),
		Globals: bt.NewBlackboard(nil),
	}
	lib.Globals.SetClassifier(classifyLua)
	lib.stopFn = lib.stopped
	if lib.out == nil {
		lib.out = os.Stdout
	}
	for i := range lib.statuses {
		lib.statuses[i] = lua.LNumber(i)
	}
	lib.tickFn = L.NewFunction(func(L *lua.LState) int {
		luaerr.WordLikePUC(L)
		// A Go panic outside any task is caught here, with its stack.
		defer lib.st.Leave(lib.st.Enter(nil))
		lib.tickStatus = lib.ticking.tick(lib.tickDT)
		return 0
	})
	lib.batchFn = L.NewFunction(lib.tickBatch)
	luaclass.GuardYield(L)
	luaclass.OpenIteration(L)
	luaclass.SizeObjects(L)
	luaclass.OpenTypeNames(L)
	luaclass.OpenFlatLookups(L)
	luaclass.OpenMethodWrites(L)
	lib.defineClasses(decls)
	lib.openReferences()
	mod := lib.Module
	L.PreloadModule("bt", func(L *lua.LState) int {
		L.Push(mod)
		return 1
	})
	if err := luasrc.Run(L, "bt.lua"); err != nil {
		return nil, err
	}
	lib.fastPreconditions()
	lib.checkIs = stockMethod(L, "BTPrecondition", "Check")
	lib.checkNot = stockMethod(L, "BTPreconditionNOT", "Check")
	return lib, nil
}

// Status returns the Lua value of s (BTTaskStatus.Success and so on).
func (lib *Lib) Status(s bt.Status) lua.LValue {
	if int(s) < len(lib.statuses) {
		return lib.statuses[s]
	}
	return lua.LNil
}

// Invalidate drops every cached method lookup of every binding in the Lua
// state (see luaclass.State.Invalidate), so that the next call of each
// lifecycle method looks it up again in the class tables. Hot reload's
// luaclass.Merge does it after merging new methods into classes in place.
func (lib *Lib) Invalidate() {
	lib.st.Invalidate()
	lib.inlines = nil // reloaded functions have new prototypes
	bt.StructureChanged()
}

// stockMethod returns the Lua function class.method of the globals, or
// nil.
func stockMethod(L *lua.LState, class, method string) *lua.LFunction {
	if c, ok := L.GetGlobal(class).(*lua.LTable); ok {
		fn, _ := c.RawGetString(method).(*lua.LFunction)
		return fn
	}
	return nil
}
