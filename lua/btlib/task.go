package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Methods a Lua class may define that the Go side calls: the lifecycle
// (which built-ins also have), then Behavior Designer's ParentTask protocol
// and scoring methods (which only scripts define). All are looked up once
// per cache epoch, never on each tick.
const (
	hookAwake = iota
	hookStart
	hookUpdate
	hookEnd
	hookReset
	numLifecycle // the hooks above have built-in versions

	hookPriority = iota - 1
	hookUtility
	hookAbort
	hookCanExecute
	hookCurrentChild
	hookChildStarted
	hookChildExecuted
	hookOverride
	numHooks
)

var hookNames = [numHooks]string{"OnAwake", "OnStart", "OnUpdate", "OnEnd", "OnReset",
	"GetPriority", "GetUtility", "OnConditionalAbort",
	"CanExecute", "CurrentChildIndex", "OnChildStarted", "OnChildExecuted", "OverrideStatus"}

// hookSet returns the method set of tasks, the built-in lifecycle methods
// counting as no override.
func (lib *Lib) hookSet() *luaclass.MethodSet {
	set := luaclass.NewMethodSet(hookNames[:]...)
	for _, fn := range lib.builtin {
		set.Default(fn)
	}
	return set
}

// Task is the Go side of a task table: a bt.Task that runs the built-in
// behaviour of its class (Impl) unless the Lua class overrides a lifecycle
// method, in which case it calls the Lua method with the table as self.
type Task struct {
	// The fields a tick of a task without Lua overrides reads come first,
	// in the task's first cache line (a Task is 128 bytes, allocated on a
	// line boundary): Impl, class (which holds the library) and the hook
	// cache's epoch and bits.

	// Impl is the built-in behaviour (a *bt.Sequence, a log, a plain leaf).
	Impl  bt.Task
	class *classDef
	hooks luaclass.Hooks
	// updating is true while a Lua OnUpdate override runs, so a call of the
	// built-in OnUpdate from inside it acts as a super call.
	updating bool
	// wrapped is set for a task given its table by WrapTask: it has no
	// constructor, so no instance can be made from it.
	wrapped bool
	// lazyView is set by the first AddChild of a parent whose childTasks
	// view its class's __index answers (children_lazy.go).
	lazyView bool
	// Self is the task's Lua table.
	Self *lua.LTable
	// cold holds what the tick never reads, allocated when first set, so
	// that the task stays small (the tick touches every task of every
	// agent each frame).
	cold *taskCold
	// ud is the userdata that binds Self to the task (luaclass.Bind), in
	// the task's allocation.
	ud lua.LUserData
}

// taskCold is the part of a Task that ticks do not read.
type taskCold struct {
	kids []bt.Task
	// args are the constructor arguments, inherited by instances made
	// from this task by a script's own New.
	args []lua.LValue
	// where is "file:line" of the New call that made the task, for the
	// located classes (see spec), else "".
	where string
	// kind caches Kind for the epoch kindEpoch.
	kind      string
	kindEpoch uint64
	// view is the childTasks view of a parent with lazyView, made on
	// its first read.
	view *lua.LUserData
	// kidsOf is what kids was made from (children_cache.go).
	kidsOf kidsSource
}

// extra returns t.cold, allocating it on first use.
func (t *Task) extra() *taskCold {
	if t.cold == nil {
		t.cold = &taskCold{}
	}
	return t.cold
}

// args returns the constructor arguments (see taskCold.args).
func (t *Task) args() []lua.LValue {
	if t.cold == nil {
		return nil
	}
	return t.cold.args
}

// setArgs records the constructor arguments.
func (t *Task) setArgs(args []lua.LValue) {
	if args != nil || t.cold != nil {
		t.extra().args = args
	}
}

// setWhere records "file:line" of the New call that made the task.
func (t *Task) setWhere(w string) {
	if w != "" || t.cold != nil {
		t.extra().where = w
	}
}

// Base returns the shared bookkeeping of Impl.
func (t *Task) Base() *bt.TaskBase { return t.Impl.Base() }

// Kind returns the name of the task's Lua class (the global it is bound
// to), or the built-in class name; for a Go task wrapped by WrapTask that
// names its own kind (bt.Kinded: BTGoapAgentTask), that kind. It is
// looked up once per cache epoch.
func (t *Task) Kind() string {
	if k, ok := t.Impl.(bt.Kinded); ok && t.wrapped {
		return k.Kind()
	}
	c := t.extra()
	if e := t.class.lib.st.Epoch(); c.kind == "" || c.kindEpoch != e {
		c.kind, c.kindEpoch = t.class.lib.className(t.Self, t.class), e
	}
	return c.kind
}

// Location returns "file:line" of the New call that made the task (for
// the classes whose tasks can be built incomplete: decorators, BTCondition,
// BTActionUniversal), or "". Errors about the task start with it (see
// bt.Located).
func (t *Task) Location() string {
	if t.cold == nil {
		return ""
	}
	return t.cold.where
}

// incomplete raises the error of a task built incomplete: msg, after the
// line that made the task when known, with t as the running task.
func (lib *Lib) incomplete(t *Task, msg string) {
	if w := t.Location(); w != "" {
		msg = w + ": " + msg
	}
	lib.st.Fail(t, msg)
}

// IsConditional reports whether the task derives from BTConditional.
func (t *Task) IsConditional() bool { return t.class.kind.conditional }

// hook returns the Lua override of hook h, or nil.
func (t *Task) hook(h int) *lua.LFunction {
	st := t.class.lib.st
	if t.hooks.Stale(st) {
		t.hooks.Refresh(st, t.Self, t.class.lib.hooks)
		t.syncName()
	}
	// The cache is fresh: Get reads only it, not Self, which lies in the
	// task's second cache line (a task without Lua overrides, a
	// composite or a tree reference, then ticks in its first line).
	return t.hooks.Get(st, nil, t.class.lib.hooks, h)
}

// The lifecycle methods below call the Lua override of the method, or the
// built-in behaviour, with t recorded as the running task either way: the
// built-in behaviour may call Lua too (a GOAP agent's hooks, a BTAI root's
// functions, a coroutine), and errors and Go panics in it name this task.

// OnAwake calls the Lua OnAwake, or the built-in one.
func (t *Task) OnAwake() {
	if fn := t.hook(hookAwake); fn != nil {
		t.class.lib.call0(t, fn)
		return
	}
	if t.quiet() {
		return
	}
	defer t.class.lib.st.Leave(t.class.lib.st.Enter(t))
	t.Impl.OnAwake()
}

// OnStart calls the Lua OnStart, or the built-in one.
func (t *Task) OnStart() {
	if fn := t.hook(hookStart); fn != nil {
		t.class.lib.call0(t, fn)
		return
	}
	if t.quiet() {
		return
	}
	defer t.class.lib.st.Leave(t.class.lib.st.Enter(t))
	t.Impl.OnStart()
}

// OnUpdate calls the Lua OnUpdate, or the built-in one. While the Lua
// OnUpdate runs, the task is marked as updating (a call of the built-in
// OnUpdate from inside it is a super call), until it returns or raises.
func (t *Task) OnUpdate() bt.Status {
	if fn := t.hook(hookUpdate); fn != nil {
		defer t.setUpdating(t.setUpdating(true))
		return t.class.lib.callStatus(t, fn, "OnUpdate")
	}
	defer t.class.lib.st.Leave(t.class.lib.st.Enter(t))
	if r, ok := t.Impl.(*bt.TreeReference); ok {
		return r.OnUpdate() // a direct call: a reference ticks in every agent
	}
	return t.Impl.OnUpdate()
}

// quiet reports whether the built-in behaviour's OnAwake, OnStart, OnEnd
// and OnReset do nothing, so that a task whose class overrides none of
// them skips them (and the running-task record around them): a tree
// reference, a level every agent that uses one ticks, whose only code is
// its OnUpdate (TestReferenceLifecycleQuiet).
func (t *Task) quiet() bool {
	_, ok := t.Impl.(*bt.TreeReference)
	return ok
}

// OnEnd calls the Lua OnEnd, or the built-in one.
func (t *Task) OnEnd() {
	if fn := t.hook(hookEnd); fn != nil {
		t.class.lib.call0(t, fn)
		return
	}
	if t.quiet() {
		return
	}
	defer t.class.lib.st.Leave(t.class.lib.st.Enter(t))
	t.Impl.OnEnd()
}

// OnReset calls the Lua OnReset, or the built-in one.
func (t *Task) OnReset() {
	if fn := t.hook(hookReset); fn != nil {
		t.class.lib.call0(t, fn)
		return
	}
	if t.quiet() {
		return
	}
	defer t.class.lib.st.Leave(t.class.lib.st.Enter(t))
	t.Impl.OnReset()
}

// Children returns the built-in children; for a task whose Lua class keeps
// its own childTasks table (the series' Lua BTParentTask), the tasks in
// that table.
func (t *Task) Children() []bt.Task {
	if p, ok := t.Impl.(bt.ParentTask); ok {
		// A built-in composite runs its own children only; a prototype's
		// children are not an instance's.
		if c := p.Children(); len(c) > 0 || t.hook(hookUpdate) == nil {
			return c
		}
	} else if t.class.kind.leaf || t.hook(hookUpdate) == nil {
		return nil
	}
	return t.luaChildren()
}

// AddChild attaches child under the built-in parent behaviour.
func (t *Task) AddChild(child bt.Task) error {
	p, ok := t.Impl.(bt.ParentTask)
	if !ok {
		return errNotParent
	}
	return p.AddChild(child)
}

// syncName copies the Lua "name" field into the Go task name. It runs when
// the task is bound, attached, and first ticked after each cache refresh.
// The key is a constant Lua string: a read through a parent class's
// __index function (children_lazy.go) boxes nothing.
func (t *Task) syncName() {
	if s, ok := t.class.lib.nameField(t.Self).(lua.LString); ok {
		t.Base().Name = string(s)
	}
}

// setUpdating sets t.updating to v and returns its previous value, so
// that "defer t.setUpdating(t.setUpdating(true))" marks a Lua OnUpdate
// running until it returns or raises.
func (t *Task) setUpdating(v bool) bool {
	prev := t.updating
	t.updating = v
	return prev
}
