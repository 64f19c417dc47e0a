package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestBoxedNumbers checks the literal table: entry i is the Lua number i;
// BoxedNumber gives it for 0 to 1024 and nothing outside.
func TestBoxedNumbers(t *testing.T) {
	for i, v := range boxedNumbers {
		if n, ok := v.(lua.LNumber); !ok || n != lua.LNumber(i) {
			t.Fatalf("boxedNumbers[%d] = %#v, want lua.LNumber(%d)", i, v, i)
		}
	}
	for _, i := range []int{-1, 1025} {
		if v, ok := BoxedNumber(i); ok || v != nil {
			t.Errorf("BoxedNumber(%d) = %v, %v; want nil, false", i, v, ok)
		}
	}
	if v, ok := BoxedNumber(1024); !ok || v != lua.LNumber(1024) {
		t.Errorf("BoxedNumber(1024) = %v, %v", v, ok)
	}
}
