package host

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
)

// A coroutine starts with a small data stack that grows as it needs: in
// one, a recursion 200 calls deep, unpack of 6000 values and a yield
// across them work, and the limits are the state's (stack overflow,
// registry overflow).
func TestThreadSmallStacksGrow(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local function deep(n) if n == 0 then coroutine.yield("bottom") return 0 end return 1 + deep(n - 1) end
local co = coroutine.create(function()
    local t = {} for i = 1, 6000 do t[i] = i end
    local n = select("#", unpack(t))
    coroutine.yield(n)
    return deep(200)
end)
print(coroutine.resume(co)) print(coroutine.resume(co)) print(coroutine.resume(co))
print(coroutine.resume(coroutine.create(function() local function f() return 1 + f() end return f() end)))
print(coroutine.resume(coroutine.create(function() local t = {} for i = 1, 100000 do t[i] = i end return unpack(t) end)))
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	want := "true\t6000\ntrue\tbottom\ntrue\t200\n" +
		"false\t" + path + ":9: stack overflow\n" +
		"false\t" + path + ":10: registry overflow\n"
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
	}
}

// vm.ThreadBytes is about what a coroutine made by coroutine.create takes
// on the heap (within a factor of 1.5 either way: a change of gopher-lua
// that makes threads bigger shows here).
func TestThreadBytes(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `kept = {} return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	create := h.luaVM().L.GetGlobal("coroutine").(*lua.LTable).RawGetString("create")
	kept := h.luaVM().L.GetGlobal("kept").(*lua.LTable)
	fn := h.luaVM().L.NewFunction(func(*lua.LState) int { return 0 })
	const n = 2000
	before := liveHeap()
	for i := 1; i <= n; i++ {
		if err := h.luaVM().L.CallByParam(lua.P{Fn: create, NRet: 1, Protect: true}, fn); err != nil {
			t.Fatal(err)
		}
		kept.RawSetInt(i, h.luaVM().L.Get(-1))
		h.luaVM().L.Pop(1)
	}
	per := (liveHeap() - before) / n
	runtime.KeepAlive(kept)
	t.Logf("a coroutine takes %d bytes; vm.ThreadBytes %d", per, vm.ThreadBytes)
	if per > vm.ThreadBytes*3/2 || per < vm.ThreadBytes*2/3 {
		t.Errorf("a coroutine takes %d bytes, vm.ThreadBytes is %d", per, vm.ThreadBytes)
	}
}
