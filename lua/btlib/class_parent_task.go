package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTParentTask", Base: "BTTask",
		Doc:  "A task with children: Composites and Decorators.",
		kind: classKind{set: true, parent: true},
		New:  newAbstractParent("BTParentTask"),
		Fields: []Field{
			{"childTasks", "BTTask[]", "the children, in order: for a built-in parent a read-only view of its children in the tree (#, [i], ipairs, pairs), there from its first AddChild; pairs over the task does not list it, and rawget(task, \"childTasks\") is nil for a composite or decorator New made (its class answers the read), the view for one whose table had fields at its first AddChild and for a BTParentTask, BTComposite or BTDecorator itself"},
			{"currentChildIndex", "integer", "index of the child run last (series' GetNextChild)"},
			{"currentChildTask", "BTTask?", "the child being run by a Lua composite"},
			{"AddChild", "fun(self: BTParentTask, task: BTTask)", "errors on a non-task, on the task itself or an ancestor, on a task that has a parent already"},
			{"GetChildCount", "fun(self: BTParentTask): integer", ""},
			{"GetChild", "fun(self: BTParentTask, index: integer): BTTask?", "child index (1-based), or nil"},
		},
		setup: func(lib *Lib, c *lua.LTable) {
			lib.setMethods(c, map[string]lua.LGFunction{
				"AddChild":      lib.luaAddChild,
				"GetChildCount": lib.luaChildCount,
				"GetChild":      lib.luaGetChild,
			})
			c.RawSetString("currentChildIndex", lua.LNumber(0))
		},
	})
}

// abstractParent is the behaviour of BTParentTask and BTComposite: it
// holds children but has no way to run them; a derived Lua class defines
// OnUpdate, or Behavior Designer's ParentTask protocol (see runProtocol).
type abstractParent struct {
	bt.Composite
	lib     *Lib
	name    string
	running int // child left Running by the protocol runner, or -1
}

func newAbstractParent(name string) func(Args) (bt.Task, error) {
	return func(a Args) (bt.Task, error) {
		return &abstractParent{lib: a.lib, name: name, running: -1}, nil
	}
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
