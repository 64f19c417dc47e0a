package btlib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaerr"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// leafImpl is the behaviour of BTTask and BTAction: it succeeds.
type leafImpl struct{ bt.Action }

// condImpl is the behaviour of BTConditional: it succeeds.
type condImpl struct{ bt.Conditional }

// abstractParent is the behaviour of BTParentTask, BTComposite and
// BTDecorator: it holds children but has no way to run them; a derived Lua
// class defines OnUpdate.
type abstractParent struct {
	bt.Composite
	lib     *Lib
	name    string
	running int // child left Running by the protocol runner, or -1
}

// OnUpdate runs the class's ParentTask protocol (see runProtocol) when it
// defines CanExecute; without it or OnUpdate there is nothing to run.
func (p *abstractParent) OnUpdate() bt.Status {
	t, _ := p.Self().(*Task)
	if fn := t.hook(hookCanExecute); fn != nil {
		return p.runProtocol(t, fn)
	}
	p.lib.L.RaiseError("%s has no behaviour of its own: derive a class from it and define OnUpdate, or CanExecute and OnChildExecuted", p.name)
	return bt.Failure
}

// OnEnd forgets the running child; OnConditionalAbort does too (the
// class's own OnConditionalAbort moves its index).
func (p *abstractParent) OnEnd()                 { p.running = -1 }
func (p *abstractParent) OnConditionalAbort(int) { p.running = -1 }

// abstractDecorator is abstractParent limited to one child.
type abstractDecorator struct {
	bt.Decorator
	lib *Lib
}

func (d *abstractDecorator) OnUpdate() bt.Status {
	d.lib.L.RaiseError("BTDecorator has no behaviour of its own: derive a class from it and define OnUpdate")
	return bt.Failure
}

// logImpl is BTLog: it prints its message to the library's output and
// succeeds, like the series' BTLog.
type logImpl struct {
	bt.Action
	lib *Lib
	msg string
}

func (l *logImpl) OnUpdate() bt.Status {
	fmt.Fprintln(l.lib.out, l.msg)
	return bt.Success
}

// universalImpl is BTActionUniversal: it calls fn(owner) each tick and
// returns the status fn returns.
type universalImpl struct {
	bt.Action
	lib   *Lib
	owner lua.LValue
	fn    *lua.LFunction
}

func (u *universalImpl) OnUpdate() bt.Status {
	t, _ := u.Self().(*Task)
	if u.fn == nil {
		u.lib.incomplete(t, t.Kind()+" has no function: make it with BTActionUniversal:New(owner, fn), or define OnUpdate in a class derived from it")
	}
	return u.lib.callStatusArg(t, u.fn, u.owner, "the BTActionUniversal function")
}

func makeLeaf(*Lib, []lua.LValue) (bt.Task, error) { return &leafImpl{}, nil }

func makeCond(*Lib, []lua.LValue) (bt.Task, error) { return &condImpl{}, nil }

func makeAbstract(name string) func(*Lib, []lua.LValue) (bt.Task, error) {
	return func(lib *Lib, _ []lua.LValue) (bt.Task, error) {
		return &abstractParent{lib: lib, name: name, running: -1}, nil
	}
}

func makeDecorator(lib *Lib, _ []lua.LValue) (bt.Task, error) {
	d := &abstractDecorator{lib: lib}
	bt.NewDecoratorBase(&d.Decorator, d, "")
	return d, nil
}

func makeLog(lib *Lib, args []lua.LValue) (bt.Task, error) {
	l := &logImpl{lib: lib}
	if len(args) > 0 {
		switch v := args[0].(type) {
		case lua.LString, lua.LNumber:
			l.msg = v.String()
		default:
			return nil, fmt.Errorf("message must be a string, got %s", luaerr.Describe(v))
		}
	}
	return l, nil
}

func makeUniversal(lib *Lib, args []lua.LValue) (bt.Task, error) {
	u := &universalImpl{lib: lib, owner: lua.LNil}
	if len(args) > 0 {
		u.owner = args[0]
		if len(args) < 2 {
			return nil, fmt.Errorf("(owner, fn): fn is missing")
		}
		fn, ok := args[1].(*lua.LFunction)
		if !ok {
			return nil, fmt.Errorf("(owner, fn): fn must be a function, got %s", luaerr.Describe(args[1]))
		}
		u.fn = fn
	}
	return u, nil
}
