package vm

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// collectgarbage answers as Lua 5.1's does: "count" a number of
// kilobytes, the other options 0, an unknown option an error.
func TestCollectGarbage(t *testing.T) {
	for _, sandboxed := range []bool{false, true} {
		L := lua.NewState()
		L.SetGlobal("collectgarbage", L.NewFunction(collectGarbage(sandboxed)))
		if err := L.DoString(`
			local kb = collectgarbage("count")
			assert(type(kb) == "number" and kb > 0, "count: " .. tostring(kb))
			assert(collectgarbage() == 0 and collectgarbage("collect") == 0 and collectgarbage("step") == 0)
			result = tostring(select("#", collectgarbage("count")))`); err != nil {
			t.Fatalf("sandboxed %v: %v", sandboxed, err)
		}
		if got := L.GetGlobal("result").String(); got != "1" {
			t.Errorf("sandboxed %v: count gave %s values, want 1", sandboxed, got)
		}
		err := L.DoString(`collectgarbage("often")`)
		if err == nil || !strings.Contains(err.Error(), "bad argument #1 to collectgarbage (invalid option 'often')") {
			t.Errorf("sandboxed %v: unknown option: %v", sandboxed, err)
		}
		L.Close()
	}
}
