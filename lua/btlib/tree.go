package btlib

import (
	"errors"
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"math"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Tree is the Go side of a BTBehaviorTree table.
type Tree struct {
	// BT is the core tree.
	BT *bt.BehaviorTree
	// Self is the tree's Lua table.
	Self *lua.LTable
	// Err is the error that stopped the tree, or nil.
	Err error
	// named is set when the script named the tree (its "name" field).
	named bool
	// inTick is set while the tree's tick is under way (see reentry.go).
	inTick bool

	lib *Lib
	// core is the tree BT points to, in the same allocation.
	core bt.BehaviorTree
	// ud is the userdata that binds Self to the tree, in the tree's
	// allocation.
	ud lua.LUserData
}

// bindTree creates the Go tree of tbl. A tree made by a script's own New
// from a tree class inherits the class's start task when it sets none
// itself (part 3 of the series pushes the task on the class).
func (lib *Lib) bindTree(tbl *lua.LTable, _ any) *Tree {
	tr := &Tree{Self: tbl, lib: lib}
	tr.BT = tr.core.Init(nil)
	tr.BT.ExecutionType, tr.BT.MaxTaskExecutions = lib.opts.ExecutionType, lib.opts.MaxTaskExecutions
	tr.BT.Profiler = lib.profiler // a tree made while profiling is profiled
	tr.BT.Stop = lib.stopFn
	tr.ud = lua.LUserData{Value: tr, Env: lib.L.Env, Metatable: lua.LNil}
	luaclass.BindUserData(tbl, &tr.ud)
	tr.BT.Blackboard.SetParent(lib.Globals)
	tr.BT.Blackboard.SetClassifier(classifyLua)
	return tr
}

// stopped is every tree's bt.BehaviorTree.Stop: the error of the Lua
// state's context (the host's CPU budget, expired or interrupted), so
// that a tick running only Go tasks, which no Lua instruction polls, stops
// too; nil while the context runs or without one.
func (lib *Lib) stopped() error {
	if ctx := lib.L.Context(); ctx != nil {
		return ctx.Err()
	}
	return nil
}

// TreeOf returns the Go tree of v: a BTBehaviorTree table (made by
// BTBehaviorTree:New() or a script's own New from a tree class), or a
// task table, which is given a new tree of its own with the task as root.
func (lib *Lib) TreeOf(v lua.LValue) (*Tree, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("want a behavior tree or a task, got %s", luaerr.Describe(v))
	}
	if tr, ok := luaclass.Own(tbl).(*Tree); ok {
		if tr.BT.Ticks() == 0 {
			tr.syncName() // a name set after New, for --dot before any tick
		}
		return tr, nil
	}
	proto, d := lib.resolve(tbl)
	if d != nil && d.tree {
		return lib.bindTree(tbl, proto), nil
	}
	t, err := lib.taskOf(tbl)
	if err != nil {
		return nil, err
	}
	if err := lib.canBeRoot(t, nil); err != nil {
		return nil, err
	}
	tt := lib.L.NewTable()
	tt.Metatable = lib.treeClass.table
	tr := lib.bindTree(tt, nil)
	t.syncName() // a name set after New
	tr.BT.Name = bt.DisplayName(t)
	tr.BT.SetRoot(t)
	return tr, nil
}

func (lib *Lib) treeOfArg(L *lua.LState, what string) *Tree {
	tr, err := lib.TreeOf(L.Get(1))
	if err != nil {
		L.RaiseError("%s: %v", what, err)
	}
	return tr
}

// root returns the tree's start task, taking it from the tree's class
// when the tree has none of its own.
func (tr *Tree) root() bt.Task {
	if r := tr.BT.Root(); r != nil {
		return r
	}
	for cur := range luaclass.Chain(tr.Self) {
		if p, ok := luaclass.Own(cur).(*Tree); ok && cur != tr.Self && p.BT.Root() != nil {
			tr.BT.SetRoot(p.BT.Root())
			return p.BT.Root()
		}
	}
	return nil
}

// canBeRoot reports why t cannot be the start task of tr (nil for a new
// tree): a task has one place in one tree.
func (lib *Lib) canBeRoot(t *Task, tr *Tree) error {
	b := t.Base()
	if p := b.Parent(); p != nil {
		return fmt.Errorf("%s is a child of %s; a task has one place in one tree", bt.Path(t), bt.Path(p))
	}
	if other := b.Tree(); other != nil && (tr == nil || other != tr.BT) && other.Root() == bt.Task(t) {
		return fmt.Errorf("%s is the start task of tree %s already; a task has one place in one tree", bt.Path(t), other.Name)
	}
	return nil
}

// syncName names the core tree after the table's Lua "name" field, or its
// class.
func (tr *Tree) syncName() {
	if s, ok := tr.lib.L.GetField(tr.Self, "name").(lua.LString); ok && s != "" {
		tr.BT.Name = string(s)
		tr.named = true
	} else if tr.BT.Name == "" {
		tr.BT.Name = tr.lib.className(tr.Self, nil)
	}
}

// Named reports whether the script named the tree (its "name" field, as
// read at the tree's first tick or by TreeOf): tick errors then carry
// the name (luaerr.Error.Tree).
func (tr *Tree) Named() bool { return tr.named }

// ErrNoStartTask is returned when a tree is ticked without a start task.
var ErrNoStartTask = errors.New("behavior tree has no start task: call PushTask or SetStartTask")

// tick is one tick of the tree; it raises a Lua error when the tree has
// no start task.
func (tr *Tree) tick(dt float64) bt.Status {
	if tr.BT.Ticks() == 0 {
		tr.syncName()
	}
	if tr.root() == nil {
		tr.lib.L.RaiseError("%v", ErrNoStartTask)
	}
	return tr.BT.Tick(dt)
}

// TickTree ticks tr once with delta time dt seconds, in a protected call.
// A Lua error stops the tree: it is returned as a *luaerr.Error naming the
// file, line and the path of the task whose code raised it, kept in
// tr.Err, and later calls return it again without ticking. A Go panic
// during the tick (a bug in a Go task) stops the tree the same way, as a
// *luaerr.GoPanic with the Go stack of the panic.
func (lib *Lib) TickTree(tr *Tree, dt float64) (bt.Status, error) {
	if tr.Err != nil {
		return bt.Failure, tr.Err
	}
	lib.st.ForgetBlame()
	if tr.inTick {
		return bt.Failure, fmt.Errorf("behavior tree %s is ticking already (TickTree called from inside its tick)", tr.BT.Name)
	}
	tr.inTick = true
	prev := lib.setTicking(tr)
	lib.tickDT = dt
	lib.L.Push(lib.tickFn)
	err := lib.L.PCall(0, 0, nil)
	lib.setTicking(prev)
	tr.inTick = false
	if err != nil {
		tr.Err = lib.tickError(tr, err)
	}
	lib.st.ForgetBlame()
	if tr.Err != nil {
		return bt.Failure, tr.Err
	}
	return lib.tickStatus, nil
}

// tickError turns the error of a tree tick into the error that stops tr:
// a *luaerr.GoPanic for a Go panic, else a *luaerr.Error blamed on the task
// whose code raised it.
func (lib *Lib) tickError(tr *Tree, err error) error {
	name := ""
	if tr.named {
		name = tr.BT.Name
	}
	panicked, path := lib.st.Blame(err)
	if panicked != nil {
		panicked.Tree = name
		return panicked
	}
	e := luaerr.From(luaerr.Stringify(lib.L, err), path)
	if le, ok := e.(*luaerr.Error); ok && name != "" {
		le.Tree = name
	}
	return e
}

// tickNested is tree:Tick(dt) called from Lua: a tick of tr inside the
// tick of another tree (or outside any), tr the tree being ticked until it
// returns or raises.
func (lib *Lib) tickNested(tr *Tree, dt float64) bt.Status {
	defer lib.setTicking(lib.setTicking(tr))
	defer tr.setInTick(tr.setInTick(true))
	return tr.tick(dt)
}

// tickNestedOn is tickNested called from thread L, another than the main
// state (see onMain).
func (lib *Lib) tickNestedOn(L *lua.LState, tr *Tree, dt float64) bt.Status {
	var s bt.Status
	lib.st.OnMain(L, func() { s = lib.tickNested(tr, dt) })
	return s
}

func (lib *Lib) treeMethods() map[string]lua.LGFunction {
	setRoot := func(L *lua.LState) int {
		tr := lib.treeOfArg(L, "SetStartTask")
		t := lib.checkTask(L, 2, "SetStartTask")
		if err := lib.canBeRoot(t, tr); err != nil {
			L.RaiseError("SetStartTask: %v", err)
		}
		tr.BT.SetRoot(t)
		t.syncName()
		tr.syncName()
		return 0
	}
	return map[string]lua.LGFunction{
		"New":          lib.luaNew,
		"PushTask":     setRoot,
		"SetStartTask": setRoot,
		"GetStartTask": func(L *lua.LState) int {
			tr := lib.treeOfArg(L, "GetStartTask")
			if r, ok := tr.root().(*Task); ok {
				L.Push(r.Self)
				return 1
			}
			L.Push(lua.LNil)
			return 1
		},
		"Tick": func(L *lua.LState) int {
			tr := lib.treeOfArg(L, "Tick")
			var dt float64
			switch v := L.Get(2).(type) {
			case lua.LNumber:
				dt = float64(v)
			case *lua.LNilType:
			default:
				L.RaiseError("Tick: dt must be a finite number of seconds >= 0, got %s", luaerr.Describe(v))
			}
			if !(dt >= 0) || math.IsInf(dt, 0) {
				L.RaiseError("Tick: dt must be a finite number of seconds >= 0, got %v", dt)
			}
			if tr.inTick {
				L.RaiseError("Tick: behavior tree %s is ticking already (a task ticked a tree whose tick is under way)", tr.BT.Name)
			}
			var s bt.Status
			if L == lib.L {
				s = lib.tickNested(tr, dt)
			} else {
				s = lib.tickNestedOn(L, tr, dt)
			}
			L.Push(lib.Status(s))
			return 1
		},
		"GetStatus": func(L *lua.LState) int {
			L.Push(lib.Status(lib.treeOfArg(L, "GetStatus").BT.Status()))
			return 1
		},
		"IsComplete": func(L *lua.LState) int {
			L.Push(lua.LBool(lib.treeOfArg(L, "IsComplete").BT.Complete()))
			return 1
		},
		"Halt": func(L *lua.LState) int {
			lib.treeOfArg(L, "Halt").BT.Halt()
			return 0
		},
		"SetExecutionType": lib.luaSetExecutionType,
		"GetExecutionType": func(L *lua.LState) int {
			tr := lib.treeOfArg(L, "GetExecutionType").BT
			max := tr.MaxTaskExecutions
			if max <= 0 {
				max = bt.DefaultMaxTaskExecutions
			}
			L.Push(lua.LNumber(tr.ExecutionType))
			L.Push(lua.LNumber(max))
			return 2
		},
		"SetRestartWhenComplete": func(L *lua.LState) int {
			lib.treeOfArg(L, "SetRestartWhenComplete").BT.RestartWhenComplete = argBool(L, 2, "SetRestartWhenComplete", "restart")
			return 0
		},
		"Render": func(L *lua.LState) int {
			tr := lib.treeOfArg(L, "Render")
			if r := tr.root(); r != nil {
				L.Push(lua.LString(bt.Render(r)))
			} else {
				L.Push(lua.LString(""))
			}
			return 1
		},
		"GetTime": func(L *lua.LState) int {
			L.Push(lua.LNumber(lib.treeOfArg(L, "GetTime").BT.Time()))
			return 1
		},
		"GetVariable": func(L *lua.LState) int {
			tr := lib.treeOfArg(L, "GetVariable")
			L.Push(lib.toLua(tr.BT.Blackboard.Get(argName(L, 2, "GetVariable"))))
			return 1
		},
		"SetVariable": func(L *lua.LState) int {
			lib.setVar(lib.treeOfArg(L, "SetVariable").BT.Blackboard, argName(L, 2, "SetVariable"), L.Get(3), nil)
			return 0
		},
	}
}

// Root returns the tree's start task (its own, or its class's), or nil.
func (tr *Tree) Root() bt.Task { return tr.root() }

// setTicking makes tr the tree being ticked and returns the previous one,
// for "defer lib.setTicking(lib.setTicking(tr))".
func (lib *Lib) setTicking(tr *Tree) *Tree {
	prev := lib.ticking
	lib.ticking = tr
	return prev
}
