package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Args are the checked constructor arguments of one Class:New call, read
// by parameter name. Asking for a name the class does not declare, or
// with the getter of another type, panics: it is a mistake in the
// declaration, not in the script.
type Args struct {
	class *Class
	raw   []lua.LValue
	vals  []any // decoded, per param; for a variadic param a []any
	lib   *Lib
}

// decode checks raw against c.Params (see Type) and returns the Args.
// More values than Params (nil included: it was written) is an error
// naming the usage and the extra values (see errExtra), unless the last
// Param is Variadic.
func (lib *Lib) decode(c *Class, raw []lua.LValue) (Args, error) {
	a := Args{class: c, raw: raw, vals: make([]any, len(c.Params)), lib: lib}
	if n := len(c.Params); len(raw) > n && (n == 0 || !c.Params[n-1].Variadic) {
		return a, errExtra(c, raw)
	}
	for i, p := range c.Params {
		if p.Variadic {
			var rest []any
			for j := i; j < len(raw); j++ {
				v, err := lib.decodeOne(p, raw[j])
				if err != nil {
					return a, fmt.Errorf("%s %d: %v", p.Name, j-i+1, err)
				}
				rest = append(rest, v)
			}
			a.vals[i] = rest
			break
		}
		v := luaclass.Arg(raw, i)
		if v == lua.LNil {
			if !p.Optional {
				return a, fmt.Errorf("%s is missing: %s", p.Name, c.usage())
			}
			a.vals[i] = p.Default
			continue
		}
		d, err := lib.decodeOne(p, v)
		if err != nil {
			return a, err
		}
		a.vals[i] = d
	}
	return a, nil
}

// decodeOne reads one value as p.Type.
func (lib *Lib) decodeOne(p Param, v lua.LValue) (any, error) {
	switch p.Type {
	case ArgNumber:
		return luaclass.Number(v, p.Name)
	case ArgSeconds:
		return luaclass.Seconds(v, p.Name)
	case ArgCount:
		return luaclass.Count(v, p.Name)
	case ArgString:
		return luaclass.String(v, p.Name)
	case ArgBool:
		return luaclass.Bool(v, p.Name)
	case ArgFunction:
		return luaclass.Func(v, p.Name)
	case ArgTask:
		t, err := lib.taskOf(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.Name, err)
		}
		return t, nil
	case ArgStatus:
		if n, ok := v.(lua.LNumber); ok {
			if s := bt.Status(n); lua.LNumber(s) == n && (s == bt.Success || s == bt.Failure) {
				return s, nil
			}
		}
		return nil, fmt.Errorf("%s must be BTTaskStatus.Success or BTTaskStatus.Failure, got %s", p.Name, luaerr.Describe(v))
	case ArgWeights:
		return luaclass.Weights(v, p.Name)
	}
	return v, nil
}

// index returns the position of the parameter name, or panics.
func (a Args) index(name string) int {
	for i, p := range a.class.Params {
		if p.Name == name {
			return i
		}
	}
	panic(fmt.Sprintf("btlib: class %s has no param %q", a.class.Name, name))
}

// get returns the decoded value of name, or panics when it is not a T.
func get[T any](a Args, name string) T {
	var zero T
	v := a.vals[a.index(name)]
	if v == nil {
		return zero
	}
	t, ok := v.(T)
	if !ok {
		panic(fmt.Sprintf("btlib: class %s: param %s is a %T, not a %T", a.class.Name, name, v, zero))
	}
	return t
}

// Len returns the number of arguments given to New, nils included.
func (a Args) Len() int { return len(a.raw) }

// Given reports whether the argument name was given and is not nil.
func (a Args) Given(name string) bool {
	return luaclass.Arg(a.raw, a.index(name)) != lua.LNil
}

// Number returns a Number or Seconds argument.
func (a Args) Number(name string) float64 { return get[float64](a, name) }

// Int returns a Count argument.
func (a Args) Int(name string) int { return get[int](a, name) }

// String returns a String argument.
func (a Args) String(name string) string { return get[string](a, name) }

// Bool returns a Bool argument.
func (a Args) Bool(name string) bool { return get[bool](a, name) }

// Func returns a Function argument, or nil when omitted.
func (a Args) Func(name string) *lua.LFunction { return get[*lua.LFunction](a, name) }

// Status returns a Status argument.
func (a Args) Status(name string) bt.Status { return get[bt.Status](a, name) }

// Ints returns a Weights argument, or nil when omitted.
func (a Args) Ints(name string) []int { return get[[]int](a, name) }

// Task returns a Task argument (the library's wrapper of the task, a
// *Task; its Unwrap is the task's own behaviour), or nil when omitted.
func (a Args) Task(name string) bt.Task {
	if t := get[*Task](a, name); t != nil {
		return t
	}
	return nil
}

// Tasks returns the values of a variadic Task argument.
func (a Args) Tasks(name string) []bt.Task {
	var out []bt.Task
	for _, v := range get[[]any](a, name) {
		out = append(out, v.(*Task))
	}
	return out
}

// Value returns the argument name as given (lua.LNil when omitted).
func (a Args) Value(name string) lua.LValue { return luaclass.Arg(a.raw, a.index(name)) }

// errExtra is the error of New given more arguments than c.Params:
// "takes no arguments, got 1 (5)", or "takes at most 3 arguments, got 4
// (extra: 4): BTWait:New(seconds) or ..." with the class's usage.
func errExtra(c *Class, raw []lua.LValue) error {
	n := len(c.Params)
	if n == 0 {
		return fmt.Errorf("takes no arguments, got %d (%s)", len(raw), luaclass.ArgList(raw))
	}
	plural := "s"
	if n == 1 {
		plural = ""
	}
	return fmt.Errorf("takes at most %d argument%s, got %d (extra: %s): %s", n, plural, len(raw), luaclass.ArgList(raw[n:]), c.usage())
}
