package persist

import (
	"fmt"
	"slices"
	"strings"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Baseline is a baseline of the chunk locals that Lua task classes read
// (the upvalues of their methods holding a nil, boolean, number or
// string, as `local enemySeen = false` at a script's top level): a save
// holds task fields and variables, never chunk locals, so a script that
// changes one while it runs would restore wrong, and Changed says so.
// The functions in a task's own fields that a save leaves to the script
// (saveSkip's, or every field when the class has OnSave) are callbacks,
// not methods: their upvalues are not in it. Tables a method reads are
// not in it. Make it with NewBaseline and add each Lua task with AddTask.
type Baseline struct {
	locals []chunkLocal
	seen   map[*lua.Upvalue]int
	fns    map[*lua.LFunction]bool
}

// NewBaseline returns an empty baseline.
func NewBaseline() *Baseline {
	return &Baseline{seen: map[*lua.Upvalue]int{}, fns: map[*lua.LFunction]bool{}}
}

// AddTask adds the chunk locals the methods of the Lua task table self
// (of the Lua state L, its kind named kind in the errors) and of its
// class chain read, with the values they hold now.
func (c *Baseline) AddTask(L *lua.LState, kind string, self *lua.LTable) {
	c.addClass(L, kind, self, c.seen, c.fns)
}

// chunkLocal is one upvalue of the baseline and the value it held.
type chunkLocal struct {
	up    *lua.Upvalue
	name  string
	was   lua.LValue
	users []string
}

// maxClassDepth bounds the walk up a task's class chain (__index tables).
const maxClassDepth = 16

// addClass adds the upvalues of the methods of self and of its class
// chain (metatables and their __index tables). Of self's own fields, those
// its class keeps out of a save are left out (see outOfSave).
func (c *Baseline) addClass(L *lua.LState, kind string, self *lua.LTable, seen map[*lua.Upvalue]int, fns map[*lua.LFunction]bool) {
	c.addMethods(kind, self, outOfSave(L, self), seen, fns)
	t := self
	for range maxClassDepth {
		if t != self {
			c.addMethods(kind, t, nil, seen, fns)
		}
		mt, ok := L.GetMetatable(t).(*lua.LTable)
		if !ok {
			return
		}
		if mt != self {
			c.addMethods(kind, mt, nil, seen, fns)
		}
		next, ok := mt.RawGetString("__index").(*lua.LTable)
		if !ok || next == t {
			return
		}
		t = next
	}
}

// outOfSave returns the fields of the task table self that a save leaves
// to the script, whose functions are callbacks the script builds again,
// not methods: every field when its class saves it with OnSave (OnLoad
// gives back what OnSave kept), else those its saveSkip lists. nil when
// none. It reads the class chain raw (no __index function runs).
func outOfSave(L *lua.LState, self *lua.LTable) func(string) bool {
	if _, ok := classField(L, self, "OnSave").(*lua.LFunction); ok {
		return func(string) bool { return true }
	}
	list, ok := classField(L, self, "saveSkip").(*lua.LTable)
	if !ok {
		return nil
	}
	skip := map[string]bool{}
	for i := 1; i <= list.Len(); i++ {
		if s, ok := list.RawGetInt(i).(lua.LString); ok {
			skip[string(s)] = true
		}
	}
	return func(k string) bool { return skip[k] }
}

// classField returns the field name of t, or of the first table of its
// class chain (the __index tables of the metatables) that has it; nil
// when none has.
func classField(L *lua.LState, t *lua.LTable, name string) lua.LValue {
	for range maxClassDepth {
		if v := t.RawGetString(name); v != lua.LNil {
			return v
		}
		mt, ok := L.GetMetatable(t).(*lua.LTable)
		if !ok {
			return lua.LNil
		}
		next, ok := mt.RawGetString("__index").(*lua.LTable)
		if !ok || next == t {
			return lua.LNil
		}
		t = next
	}
	return lua.LNil
}

// addMethods adds the upvalues of the Lua functions among t's fields but
// those of the string keys skip reports (none when skip is nil).
func (c *Baseline) addMethods(kind string, t *lua.LTable, skip func(string) bool, seen map[*lua.Upvalue]int, fns map[*lua.LFunction]bool) {
	t.ForEach(func(k, v lua.LValue) {
		if ks, ok := k.(lua.LString); ok && skip != nil && skip(string(ks)) {
			return
		}
		if fn, ok := v.(*lua.LFunction); ok && !fn.IsG && fn.Proto != nil {
			user := fmt.Sprintf("%s:%s (line %d)", kind, k.String(), fn.Proto.LineDefined)
			c.addFunction(fn, user, seen, fns, 0)
		}
	})
}

// addFunction adds fn's scalar upvalues, and those of the Lua functions
// it reads as upvalues (local helper functions), a few levels deep.
func (c *Baseline) addFunction(fn *lua.LFunction, user string, seen map[*lua.Upvalue]int, fns map[*lua.LFunction]bool, depth int) {
	if fn.IsG || fn.Proto == nil || fns[fn] || depth > 4 {
		return
	}
	fns[fn] = true
	for i, up := range fn.Upvalues {
		if up == nil {
			continue
		}
		v := up.Value()
		if inner, ok := v.(*lua.LFunction); ok {
			c.addFunction(inner, user, seen, fns, depth+1)
			continue
		}
		switch v.Type() {
		case lua.LTNil, lua.LTBool, lua.LTNumber, lua.LTString:
		default:
			continue
		}
		name := "?"
		if i < len(fn.Proto.DbgUpvalues) {
			name = fn.Proto.DbgUpvalues[i]
		}
		if j, ok := seen[up]; ok {
			if !slices.Contains(c.locals[j].users, user) {
				c.locals[j].users = append(c.locals[j].users, user)
			}
			continue
		}
		seen[up] = len(c.locals)
		c.locals = append(c.locals, chunkLocal{up: up, name: name + " (" + fn.Proto.SourceName + ")", was: v, users: []string{user}})
	}
}

// Changed returns nil when every chunk local of the baseline holds the
// value it held when it was added, else an error naming each that
// changed, the methods reading it and both values. Call it on the
// goroutine of the Lua states, between ticks.
func (c *Baseline) Changed() error {
	if c == nil {
		return nil
	}
	var bad []string
	for _, l := range c.locals {
		now := l.up.Value()
		if sameScalar(now, l.was) {
			continue
		}
		bad = append(bad, fmt.Sprintf("%s, read by %s, went from %s to %s", l.name, strings.Join(l.users, " and "),
			luaerr.Describe(l.was), luaerr.Describe(now)))
	}
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("the script keeps state in chunk locals, which a save does not hold, so a restore would start them again from the script: %s; keep such state in a task field or a variable (docs/saving.md)", strings.Join(bad, "; "))
}

// sameScalar reports whether a and b are the same nil, boolean, number
// or string (NaN is itself).
func sameScalar(a, b lua.LValue) bool {
	if an, ok := a.(lua.LNumber); ok {
		bn, ok := b.(lua.LNumber)
		return ok && (an == bn || an != an && bn != bn)
	}
	return a == b
}
