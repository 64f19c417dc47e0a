package values

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestSmallLuaNumbers checks the literal table: entry i is the Lua
// number i.
func TestSmallLuaNumbers(t *testing.T) {
	for i, v := range smallLuaNumbers {
		if n, ok := v.(lua.LNumber); !ok || n != lua.LNumber(i) {
			t.Fatalf("smallLuaNumbers[%d] = %#v, want lua.LNumber(%d)", i, v, i)
		}
	}
}
