package btlib

import (
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// runProtocol runs a Lua composite written with Behavior Designer's
// ParentTask protocol instead of OnUpdate: the class defines CanExecute()
// and optionally CurrentChildIndex(), OnChildStarted(index),
// OnChildExecuted(index, status) and OverrideStatus(status). Indexes are
// 1-based, as Lua arrays are. Each tick:
//
//  1. a child left Running by the last tick is ticked again; if it is
//     still Running the composite returns Running, else
//     OnChildExecuted(index, status) is called;
//  2. while CanExecute() is true: index = CurrentChildIndex() (default:
//     the field currentChildIndex + 1), OnChildStarted(index), tick the
//     child; Running returns Running (the child resumes next tick); any
//     other status calls OnChildExecuted(index, status);
//  3. the result is OverrideStatus(last child status) when defined, else
//     the last child status (Failure when no child ran).
//
// Children run one at a time (CanRunParallelChildren is not supported:
// a parallel Lua composite defines OnUpdate instead). For conditional
// aborts a Lua composite runs its children one at a time unless it derives
// from a built-in parallel composite (bt.ParallelRunner, found through
// Unwrap).
func (p *abstractParent) runProtocol(t *Task, canExecute *lua.LFunction) bt.Status {
	lib, L := p.lib, p.lib.L
	kids := t.Children()
	last := bt.Failure
	if p.running >= 0 && p.running < len(kids) {
		i := p.running
		s := bt.Tick(kids[i])
		if s == bt.Running {
			return bt.Running
		}
		p.running = -1
		last = s
		lib.callOptional(t, hookChildExecuted, lua.LNumber(i+1), lib.Status(s))
	}
	for lib.callBool(t, canExecute, t.Self) {
		i := -1
		if fn := t.hook(hookCurrentChild); fn != nil {
			i = int(lib.callNumber(t, fn, "CurrentChildIndex")) - 1
		} else if n, ok := L.GetTable(t.Self, lua.LString("currentChildIndex")).(lua.LNumber); ok {
			i = int(n)
		}
		if i < 0 || i >= len(kids) {
			L.RaiseError("%s: CurrentChildIndex is %d, want 1..%d", bt.Path(t), i+1, len(kids))
		}
		lib.callOptional(t, hookChildStarted, lua.LNumber(i+1))
		s := bt.Tick(kids[i])
		if s == bt.Running {
			p.running = i
			return bt.Running
		}
		last = s
		lib.callOptional(t, hookChildExecuted, lua.LNumber(i+1), lib.Status(s))
	}
	if fn := t.hook(hookOverride); fn != nil {
		lib.callArgs(t, fn, 1, t.Self, lib.Status(last))
		ret := L.Get(-1)
		L.Pop(1)
		if s, ok := statusOf([]lua.LValue{ret}); ok {
			return s
		}
		L.RaiseError("%s: OverrideStatus returned %s, want a BTTaskStatus", luaerr.Defined(fn), luaerr.Describe(ret))
	}
	return last
}

// callOptional calls method h of t with args when the class defines it.
func (lib *Lib) callOptional(t *Task, h int, args ...lua.LValue) {
	if fn := t.hook(h); fn != nil {
		lib.callArgs(t, fn, 0, append([]lua.LValue{t.Self}, args...)...)
	}
}
