package vars

import (
	"errors"
	"testing"

	"github.com/btlua/btlua/host/internal/shards"
	lua "github.com/yuin/gopher-lua"
)

// Numbers come from Lua numbers and Go numbers of any kind, nothing else.
func TestFloat(t *testing.T) {
	for _, c := range []struct {
		raw  any
		want float64
		ok   bool
	}{{lua.LNumber(2.5), 2.5, true}, {int8(-3), -3, true}, {uint(7), 7, true}, {float32(0.5), 0.5, true},
		{lua.LString("1"), 0, false}, {"1", 0, false}, {nil, 0, false}} {
		if got, ok := Float(c.raw, c.raw != nil); got != c.want || ok != c.ok {
			t.Errorf("Float(%#v) = %v, %v; want %v, %v", c.raw, got, ok, c.want, c.ok)
		}
	}
}

// TypeError names the scope, the variable and what it holds.
func TestTypeError(t *testing.T) {
	for _, c := range []struct {
		raw  any
		set  bool
		want string
	}{
		{nil, false, `tree guard: variable "hp": not set`},
		{lua.LString("x"), true, `tree guard: variable "hp" is "x" (a string), not a number`},
		{shards.TableCopy{V: []any{1.0}}, true, `tree guard: variable "hp" is a table, not a number`},
		{struct{}{}, true, `tree guard: variable "hp" is {} (a Go struct {}), not a number`},
	} {
		err := TypeError("tree guard", "hp", c.raw, c.set, "a number")
		if err.Error() != c.want {
			t.Errorf("TypeError(%#v) = %q, want %q", c.raw, err, c.want)
		}
		if errors.Is(err, ErrNotSet) != !c.set {
			t.Errorf("TypeError(%#v) wraps ErrNotSet: %v, want %v", c.raw, c.set, !c.set)
		}
	}
}
