package btlib

import (
	"fmt"
	"strings"
	"sync"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Class declares a task class that scripts see: a global table (and a
// field of require("bt"), without a "BT" prefix) that works like every
// task class of the library. Instances are made with Class:New(args...),
// which checks the arguments against Params and calls New for the Go task;
// scripts derive their own classes from it as from any class
// (MoveTo = GoMoveTo:New(); function MoveTo:OnStart() ... end), and a Lua
// override of a lifecycle method (OnAwake, OnStart, OnUpdate, OnEnd,
// OnReset) replaces the Go one, which the override may still call as the
// base class's method (GoMoveTo.OnStart(self)). The lifecycle methods a
// class does not override run the Go task's own.
//
// The built-in classes are declared this way, each in its own file next
// to the Go type it binds (node_wait.go for BTWait); a game declares its
// own Go tasks with the same struct and Registry.Register. The same
// declarations generate the LuaLS stubs (see Stubs). After BehaviorTree.CPP,
// where a node declares its ports next to its code and user nodes use the
// built-ins' registration call.
type Class struct {
	// Name is the global name, a Lua identifier ("BTWait", "MoveTo").
	Name string
	// Base is the name of the class it derives from: "BTAction",
	// "BTConditional", "BTComposite", "BTDecorator" or any other declared
	// class. It decides what the tasks are: leaves, conditionals (re-
	// evaluated by conditional aborts), or parents taking children.
	Base string
	// Doc describes the class for the stubs: what a tick does, where the
	// semantics come from.
	Doc string
	// Params are the constructor arguments of Class:New(...), in order.
	// More arguments than Params (nil included) is an error naming the
	// usage and the extra values, unless the last Param is Variadic.
	Params []Param
	// Usage, when set, replaces the usage generated from Params in errors
	// ("BTWait:New(seconds) or BTWait:New(min, max, seed?)").
	Usage string
	// New makes the Go task of a new instance from the checked arguments.
	// The task is a fresh value embedding one of the core's base types
	// (bt.Action, bt.Conditional, bt.Composite, bt.Decorator); the library
	// wraps it, so bt.Path, observers and parents see the wrapper (a
	// *Task). An error is reported as "Name:New: error" at the script
	// line of the call. An instance that a script makes with its own New
	// (setmetatable(o, self)) gets a task from New with the arguments of
	// its prototype.
	New func(a Args) (bt.Task, error)
	// Located records, in each task, the file:line of the New call that
	// made it, so that errors about an incomplete task (a missing child or
	// function) name that line. It costs one string per New.
	Located bool
	// Fields documents, for the stubs only, the fields and methods the
	// class adds for scripts (each as a LuaLS type).
	Fields []Field

	// kind is set by the library's own base classes (BTTask, BTAction,
	// ...); other classes take their base's.
	kind classKind
	// setup, for the library's own base classes, adds their Go methods
	// and fields to the class table.
	setup func(lib *Lib, class *lua.LTable)
	// pair, for some built-in classes, makes what New makes together
	// with the task's *Task (and a cell for its table when withTable is
	// set), in one allocation (task_pair.go).
	pair func(a Args, withTable bool) (*Task, *luaclass.TableCell, bt.Task, error)
}

// classKind says what the tasks of a class are.
type classKind struct {
	set, parent, leaf, conditional bool
}

// Field documents one field or method of a class for the stubs.
type Field struct {
	// Name is the field's name; Type its LuaLS type
	// ("fun(self: BTTask): BTStatus"); Doc one line.
	Name, Type, Doc string
}

// Registry collects class declarations for Open (see Options.Classes). A
// Registry is a plain value owned by its maker: Register it full before
// Open; Open copies what it needs, so one Registry may serve many Lua
// states. It is not safe for concurrent use.
type Registry struct {
	classes []Class
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{} }

// Register adds c. It returns an error when the declaration is malformed:
// a name that is not a Lua identifier or is declared twice, no Base, no
// New, or a malformed Param (see Param). Whether Base exists and whether
// the name clashes with a built-in class is checked by Open.
func (r *Registry) Register(c Class) error {
	if err := c.check(); err != nil {
		return err
	}
	for _, d := range r.classes {
		if d.Name == c.Name {
			return fmt.Errorf("btlib: class %s is registered twice", c.Name)
		}
	}
	r.classes = append(r.classes, c)
	return nil
}

// Classes returns the registered declarations, in registration order.
func (r *Registry) Classes() []Class {
	if r == nil {
		return nil
	}
	return append([]Class(nil), r.classes...)
}

func (c *Class) check() error {
	if !isIdent(c.Name) {
		return fmt.Errorf("btlib: class name %q is not a Lua identifier", c.Name)
	}
	if c.Base == "" && !c.kind.set {
		return fmt.Errorf("btlib: class %s has no Base (BTAction, BTConditional, BTComposite, BTDecorator or another class)", c.Name)
	}
	if c.New == nil {
		return fmt.Errorf("btlib: class %s has no New", c.Name)
	}
	seen := map[string]bool{}
	for i, p := range c.Params {
		if !isIdent(p.Name) {
			return fmt.Errorf("btlib: class %s: param %d: name %q is not a Lua identifier", c.Name, i+1, p.Name)
		}
		if seen[p.Name] {
			return fmt.Errorf("btlib: class %s: param %s is declared twice", c.Name, p.Name)
		}
		seen[p.Name] = true
		if p.Type <= 0 || p.Type >= numTypes {
			return fmt.Errorf("btlib: class %s: param %s has no Type", c.Name, p.Name)
		}
		if p.Variadic && i != len(c.Params)-1 {
			return fmt.Errorf("btlib: class %s: param %s is variadic but not last", c.Name, p.Name)
		}
		if p.Default != nil {
			if err := p.checkDefault(); err != nil {
				return fmt.Errorf("btlib: class %s: param %s: %v", c.Name, p.Name, err)
			}
		}
	}
	return nil
}

// usage returns how New is called, for errors: Usage, or one generated
// from Params ("BTRepeater:New(count?, endOnFailure?)").
func (c *Class) usage() string {
	if c.Usage != "" {
		return c.Usage
	}
	var b strings.Builder
	b.WriteString(c.Name + ":New(")
	for i, p := range c.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
		switch {
		case p.Variadic:
			b.WriteString("...")
		case p.Optional:
			b.WriteByte('?')
		}
	}
	b.WriteByte(')')
	return b.String()
}

// isIdent reports whether s is a Lua identifier.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9'
		if !ok {
			return false
		}
	}
	return true
}

// builtins are the library's own class declarations, each added by an
// init function in the file of its class (class_*.go, node_*.go). The
// list is complete before main runs and never changes afterwards. It is
// made with room for them all (about 45), so the inits do not regrow it.
var builtins = make([]Class, 0, 64)

// builtinOrder is ordered(builtins, nil), made once, at the first Open
// without registered classes: every such Open defines the same classes
// in the same order, and no caller changes the slice.
var builtinOrder = sync.OnceValues(func() ([]Class, error) { return ordered(builtins, nil) })

// builtin adds c to the built-in classes; a malformed declaration is a
// bug of the library and panics at init.
func builtin(c Class) {
	if err := c.check(); err != nil {
		panic(err)
	}
	builtins = append(builtins, c)
}

// Builtins returns the declarations of the built-in task classes, bases
// first (the order in which Open defines them).
func Builtins() []Class {
	out, err := ordered(builtins, nil)
	if err != nil {
		panic(err)
	}
	return out
}

// declarations returns the classes Open defines: the built-in ones and
// then those of r (nil for none), each after its base (see ordered).
func declarations(r *Registry) ([]Class, error) {
	if r == nil || len(r.classes) == 0 {
		return builtinOrder()
	}
	return ordered(builtins, r.Classes())
}

// ordered returns the built-in classes and then the registered ones, each
// after its base, or an error naming a class whose base is unknown, a
// cycle, or a registered class that reuses a built-in name.
func ordered(builtin, registered []Class) ([]Class, error) {
	all := append(append([]Class(nil), builtin...), registered...)
	index := map[string]int{}
	for i, c := range all {
		if j, dup := index[c.Name]; dup {
			return nil, fmt.Errorf("btlib: class %s is declared twice (a registered class cannot replace a built-in one, and a name is registered once)", all[j].Name)
		}
		index[c.Name] = i
	}
	var out []Class
	state := make([]int, len(all)) // 0 new, 1 visiting, 2 done
	var visit func(i int) error
	visit = func(i int) error {
		switch state[i] {
		case 1:
			return fmt.Errorf("btlib: class %s derives from itself", all[i].Name)
		case 2:
			return nil
		}
		state[i] = 1
		if b := all[i].Base; b != "" {
			j, ok := index[b]
			if !ok {
				return fmt.Errorf("btlib: class %s: base class %s is not declared", all[i].Name, b)
			}
			if err := visit(j); err != nil {
				return err
			}
		}
		state[i] = 2
		out = append(out, all[i])
		return nil
	}
	// Go runs the init functions in file-name order, so the result is
	// the same on every run.
	for i := range all {
		if err := visit(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}
