package loader

import (
	"errors"
	"fmt"
	"slices"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// ErrFactoryScript is wrapped by the error of TreesOf for a script's
// return value that is a function: a factory, which Spawn starts (the
// host's ErrFactoryScript).
var ErrFactoryScript = errors.New("host: the script returns a factory function (start it with Spawn)")

// TreesOf turns a script's return values into trees, with the return
// value that gave each ("return value 2", "return value 1[3]"; what names
// the values, "return value" or "factory return value"). A tree returned
// twice, or ticked already by an agent of another script than reloading's
// (nil for a first load: by any agent; see Trees), is refused: it would
// tick twice per frame. Errors are *luaerr.Error naming the file path.
func (l *Loader) TreesOf(path string, rets []lua.LValue, reloading Record, what string) ([]*btlib.Tree, []string, error) {
	var out []*btlib.Tree
	var wheres []string
	var add func(v lua.LValue, where string) error
	add = func(v lua.LValue, where string) error {
		if v == lua.LNil {
			return nil
		}
		if tbl, ok := v.(*lua.LTable); ok && tbl.Metatable == lua.LNil && tbl.Len() > 0 {
			for i := 1; i <= tbl.Len(); i++ {
				if err := add(tbl.RawGetInt(i), fmt.Sprintf("%s[%d]", where, i)); err != nil {
					return err
				}
			}
			return nil
		}
		if msg := notTreeOrTask(v, where, what); msg != "" {
			e := &luaerr.Error{File: path, Msg: msg}
			if _, ok := v.(*lua.LFunction); ok && what == "return value" {
				e.Kind = ErrFactoryScript
			}
			return e
		}
		tr, err := l.vm.Lib.TreeOf(v)
		if err == nil && tr.Root() == nil {
			err = btlib.ErrNoStartTask
		}
		if err != nil {
			return &luaerr.Error{File: path, Msg: fmt.Sprintf("%s: %v", where, err)}
		}
		if i := slices.Index(out, tr); i >= 0 {
			return &luaerr.Error{File: path, Msg: fmt.Sprintf("%s: the behavior tree %s is %s already; %s", where, TreeName(tr), wheres[i], oneAgent)}
		}
		if source := l.trees.Ticker(tr, reloading); source != "" {
			return &luaerr.Error{File: path, Msg: TickedAlready(where, tr, source)}
		}
		out = append(out, tr)
		wheres = append(wheres, where)
		return nil
	}
	for i, v := range rets {
		if err := add(v, fmt.Sprintf("%s %d", what, i+1)); err != nil {
			return nil, nil, err
		}
	}
	return out, wheres, nil
}

// notTreeOrTask says what a script returned when it is plainly not a
// behavior tree or a task, for TreesOf: a plain table (no metatable), a
// function, or a value that is not a table; where names the return value
// ("return value 2", "factory return value 1"), what names the values
// ("return value" for LoadFile, which gets a hint about factories). It
// returns "" for a table with a metatable, which btlib's TreeOf judges
// (a class, a table of no BT class).
func notTreeOrTask(v lua.LValue, where, what string) string {
	const not = ", not a behavior tree or a task"
	switch x := v.(type) {
	case *lua.LTable:
		if x.Metatable != lua.LNil {
			return ""
		}
		return where + " is a plain table" + not +
			" (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"
	case *lua.LFunction:
		if what == "return value" {
			return where + " is a function" + not +
				"; a script that returns a factory function is started with Host.Spawn (btlua --agents N)"
		}
		return where + " is a function" + not
	}
	return fmt.Sprintf("%s is %s%s", where, luaerr.Describe(v), not)
}

// FactoryOf returns the factory function a spawned script at path
// returned (its first return value); else a *luaerr.Error saying what it
// returned instead.
func FactoryOf(path string, rets []lua.LValue) (*lua.LFunction, error) {
	var v lua.LValue = lua.LNil
	if len(rets) > 0 {
		v = rets[0]
	}
	f, ok := v.(*lua.LFunction)
	if !ok {
		return nil, &luaerr.Error{File: path, Msg: fmt.Sprintf(
			"Spawn: the script returns %s, not a factory function (end it with return function(args) ... return tree end)",
			luaerr.Describe(v))}
	}
	return f, nil
}

// InFile names path as the error's file when the error itself (a
// *luaerr.Error) names none (a value raised with error() that is not a
// string carries no location), and returns it.
func InFile(err error, path string) error {
	if le, ok := err.(*luaerr.Error); ok && le.File == "" {
		le.File = path
	}
	return err
}

// AtFactory locates err, an error about what a factory returned, at the
// line where the factory function is defined (the line of its return
// statement is not known), in the file that defines it: err is a
// *luaerr.Error without a line, else it is returned as it is.
func AtFactory(err error, factory *lua.LFunction) error {
	le, ok := err.(*luaerr.Error)
	if !ok || le.Line > 0 || factory.Proto == nil || factory.Proto.LineDefined <= 0 {
		return err
	}
	le.File, le.Line = factory.Proto.SourceName, factory.Proto.LineDefined
	return le
}

// oneAgent says why a tree may be returned once only.
const oneAgent = "a tree is ticked by one agent (returned twice it would tick twice per frame)"

// TickedAlready is the message for a return value (named where) whose
// tree an agent of the script source ticks already.
func TickedAlready(where string, tr *btlib.Tree, source string) string {
	return fmt.Sprintf("%s: the behavior tree %s is ticked already, returned by %s; %s", where, TreeName(tr), source, oneAgent)
}

// TreeName names tr in errors: its name, else its start task's.
func TreeName(tr *btlib.Tree) string {
	if tr.BT.Name != "" {
		return tr.BT.Name
	}
	return bt.DisplayName(tr.Root())
}
