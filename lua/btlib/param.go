package btlib

import (
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
)

// Param declares one constructor argument of a Class.
type Param struct {
	// Name is the argument's name in errors, usage and stubs.
	Name string
	// Type is what the argument must be; it decides how Args reads it.
	Type ArgType
	// Unit names the unit of a number ("s" for seconds, "ticks"), for
	// the stubs.
	Unit string
	// Optional arguments may be omitted or nil; Args then returns Default
	// (or the zero value). A required argument that is missing is an
	// error naming the class's usage.
	Optional bool
	// Default is the value of an omitted optional argument, of the Go
	// type Args returns for Type (float64 for Number and Seconds, int for
	// Count, string, bool, bt.Status); nil for none. It is shown in the
	// stubs.
	Default any
	// Variadic marks the last argument as taking every remaining value
	// (none or more), each checked against Type.
	Variadic bool
	// Doc describes the argument in one line.
	Doc string
}

// ArgType is the type of a constructor argument.
type ArgType int

// The argument types. Errors name the argument and the offending value
// ("seconds must be a finite number, got NaN").
const (
	_ ArgType = iota
	// ArgNumber is a finite number (Args.Number).
	ArgNumber
	// ArgSeconds is a duration: a finite number >= 0 (Args.Number).
	ArgSeconds
	// ArgCount is a whole number from 0 to 2^31-1 (Args.Int).
	ArgCount
	// ArgString is a string; a number is taken as its text as Lua writes
	// it ("5", "0.25", "1e+21"), as print and Lua's string functions take
	// numbers (Args.String). Other values are refused.
	ArgString
	// ArgBool is true or false (Args.Bool); any other value (1, "yes") is
	// refused, rather than read as a truth value, since it is most likely
	// an argument in the wrong place.
	ArgBool
	// ArgFunction is a Lua function (Args.Func).
	ArgFunction
	// ArgTask is a task table (Args.Task).
	ArgTask
	// ArgStatus is BTTaskStatus.Success or BTTaskStatus.Failure
	// (Args.Status).
	ArgStatus
	// ArgWeights is an array of whole numbers from 0 to 2^21-1 (Args.Ints).
	ArgWeights
	// ArgAny is any Lua value (Args.Value).
	ArgAny
	numTypes
)

// luaType returns the LuaLS type of t.
func (t ArgType) luaType() string {
	switch t {
	case ArgNumber, ArgSeconds:
		return "number"
	case ArgCount:
		return "integer"
	case ArgString:
		return "string"
	case ArgBool:
		return "boolean"
	case ArgFunction:
		return "function"
	case ArgTask:
		return "BTTask"
	case ArgStatus:
		return "BTStatus"
	case ArgWeights:
		return "integer[]"
	}
	return "any"
}

// checkDefault reports a Default of the wrong Go type for p.Type.
func (p *Param) checkDefault() error {
	ok := false
	switch p.Type {
	case ArgNumber, ArgSeconds:
		_, ok = p.Default.(float64)
	case ArgCount:
		_, ok = p.Default.(int)
	case ArgString:
		_, ok = p.Default.(string)
	case ArgBool:
		_, ok = p.Default.(bool)
	case ArgStatus:
		_, ok = p.Default.(bt.Status)
	}
	if !ok {
		return fmt.Errorf("the default %v (%T) does not fit the argument's type", p.Default, p.Default)
	}
	return nil
}

// defaultText returns Default as Lua source for the stubs, or "".
func (p *Param) defaultText() string {
	switch d := p.Default.(type) {
	case nil:
		return ""
	case string:
		return fmt.Sprintf("%q", d)
	case bt.Status:
		return "BTTaskStatus." + d.String()
	}
	return fmt.Sprint(p.Default)
}
