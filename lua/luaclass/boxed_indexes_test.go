package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestBoxedIndexes checks the literal table: entry i is the Lua number
// i+1.
func TestBoxedIndexes(t *testing.T) {
	for i, v := range boxedIndexes {
		if n, ok := v.(lua.LNumber); !ok || n != lua.LNumber(i+1) {
			t.Fatalf("boxedIndexes[%d] = %#v, want lua.LNumber(%d)", i, v, i+1)
		}
	}
}
