package btlib

import "github.com/btlua/btlua/stdlib/bt"

func init() {
	builtin(Class{
		Name: "BTDecorator", Base: "BTParentTask",
		Doc:     "Takes exactly one child (AddChild); a built-in decorator ticked without it is an error naming the line that made it.",
		Located: true,
		New: func(a Args) (bt.Task, error) {
			d := &abstractDecorator{lib: a.lib}
			bt.NewDecoratorBase(&d.Decorator, d, "")
			return d, nil
		},
	})
}

// abstractDecorator is the behaviour of BTDecorator: one child, no way to
// run it; a derived Lua class defines OnUpdate.
type abstractDecorator struct {
	bt.Decorator
	lib *Lib
}

func (d *abstractDecorator) OnUpdate() bt.Status {
	d.lib.L.RaiseError("BTDecorator has no behaviour of its own: derive a class from it and define OnUpdate")
	return bt.Failure
}
