package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTBehaviorTreeReference", Base: "BTDecorator",
		Doc: "Runs the tree that the Lua file at path returns (or that its factory function returns, given variables) as its child, with its own variable scope: a variable the subtree uses and variables does not name is the parent's of the same name; variables = { speed = 3 } gives it its own, bt.Variable(\"enemy\") remaps it (Behavior Designer's Behavior Tree Reference, BehaviorTree.CPP's SubTree).",
		Params: []Param{
			{Name: "path", Type: ArgString, Doc: "the referenced tree's Lua file, relative to the calling script's folder"},
			{Name: "variables", Type: ArgAny, Optional: true, Doc: "the subtree's own variables (name = starting value) and remaps (name = bt.Variable(\"parentName\"))"},
		},
		Fields: []Field{
			{Name: "SetTree", Type: "fun(self: BTBehaviorTreeReference, pathOrTree: string|BTTask|BTBehaviorTree)", Doc: "Replaces the subtree: a running one is ended (cause replaced), the new one starts at the next tick."},
		},
		New: func(a Args) (bt.Task, error) {
			ref := &bt.TreeReference{}
			if err := newReference(ref, a); err != nil {
				return nil, err
			}
			return ref, nil
		},
		// The reference's Task, its bt.TreeReference and its table come
		// in one allocation, made before its subtree: what a reference
		// keeps of its own then lies outside the spans of the tasks and
		// tables that ticks walk, where each object of its own between
		// one agent's and the next agent's slowed every agent's tick
		// (BenchmarkReferencePaired's worst-unticked control).
		pair: paired[bt.TreeReference](newReference),
	})
}

// newReference makes ref, a zero reference, the reference of
// BTBehaviorTreeReference:New(path, variables): it builds the subtree
// (running the file, or calling its factory) and attaches it.
func newReference(ref *bt.TreeReference, a Args) error {
	lib := a.lib
	where := lib.takeWhere(lib.L) // first: the factory may call New
	vars := a.Value("variables")
	if vars != lua.LNil {
		if _, ok := vars.(*lua.LTable); !ok {
			return fmt.Errorf("variables must be a table, got %s", luaerr.Describe(vars))
		}
	}
	path := a.String("path")
	root, file, err := lib.referencedTree(lib.L, where, path, vars)
	if err != nil {
		return err
	}
	bt.InitTreeReference(ref, path, nil)
	lib.remember(ref, file, path, where, vars, root)
	if err := lib.applyVariables(ref, vars); err != nil {
		return err
	}
	if err := ref.SetTree(root); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// referenceOfTask returns the bt.TreeReference of a BTBehaviorTreeReference
// task, or nil.
func referenceOfTask(t *Task) *bt.TreeReference {
	r, _ := t.Impl.(*bt.TreeReference)
	return r
}

// openReferences adds the methods of BTBehaviorTreeReference and the
// module's Variable function.
func (lib *Lib) openReferences() {
	d := lib.byName["BTBehaviorTreeReference"]
	lib.varMeta = lib.L.CreateTable(0, 1)
	lib.varMeta.RawSetString("__name", lua.LString("BTVariable"))
	lib.setMethods(lib.Module, map[string]lua.LGFunction{
		"Variable": func(L *lua.LState) int {
			name := L.CheckString(1)
			if name == "" {
				L.ArgError(1, "the parent variable's name is empty")
			}
			v := L.CreateTable(0, 1)
			v.RawSetString("name", lua.LString(name))
			v.Metatable = lib.varMeta
			L.Push(v)
			return 1
		},
	})
	lib.setMethods(d.table, map[string]lua.LGFunction{
		"SetTree": func(L *lua.LState) int {
			t := lib.checkTask(L, 1, "SetTree")
			ref := referenceOfTask(t)
			if ref == nil {
				L.RaiseError("SetTree: want a BTBehaviorTreeReference, got %s", t.Kind())
			}
			var root bt.Task
			var err error
			old, byPath := ref.Child(), false
			if s, ok := L.Get(2).(lua.LString); ok {
				byPath = true
				where := callerLine(L)
				var file string
				root, file, err = lib.referencedTree(L, where, string(s), lua.LNil)
				if err == nil {
					ref.File = string(s)
					lib.remember(ref, file, string(s), where, lua.LNil, root)
				}
			} else {
				root, err = lib.subtreeRoot(L.Get(2))
			}
			if err == nil {
				err = ref.SetTree(root)
			}
			if err != nil {
				L.RaiseError("SetTree: %v", err)
			}
			// The swapped-out subtree's references are gone; a reference
			// given a tree (not a file) no longer runs its file's tree.
			if old != nil && old != root {
				lib.ForgetReferences(old)
			}
			if !byPath {
				lib.forgetReference(ref)
			}
			return 0
		},
	})
}

// applyVariables gives ref the subtree's own variables and remaps of the
// variables table (nil for none).
func (lib *Lib) applyVariables(ref *bt.TreeReference, vars lua.LValue) error {
	tbl, ok := vars.(*lua.LTable)
	if !ok {
		return nil
	}
	var err error
	tbl.ForEach(func(k, v lua.LValue) {
		if err != nil {
			return
		}
		name, ok := k.(lua.LString)
		if !ok {
			err = fmt.Errorf("variables: want variable names (strings) as keys, got %s", k.Type())
			return
		}
		if m, ok := v.(*lua.LTable); ok && m.Metatable == lib.varMeta {
			ref.Remap(string(name), lua.LVAsString(m.RawGetString("name")))
			return
		}
		ref.Own(string(name), nil)
		b := ref.Variables()
		b.SetClassifier(classifyLua)
		setVar(b, string(name), v)
	})
	return err
}

// subtreeRoot returns the root task of v, a BTBehaviorTree (taken out of
// the tree) or a task.
func (lib *Lib) subtreeRoot(v lua.LValue) (bt.Task, error) {
	if tbl, ok := v.(*lua.LTable); ok {
		if tr, ok := luaclass.Own(tbl).(*Tree); ok {
			root := tr.Root()
			if root == nil {
				return nil, fmt.Errorf("the behavior tree has no start task")
			}
			tr.BT.SetRoot(nil)
			return root, nil
		}
	}
	t, err := lib.taskOf(v)
	if err != nil {
		return nil, fmt.Errorf("want a behavior tree or a task, got %s", luaerr.Describe(v))
	}
	t.syncName()
	return t, nil
}
