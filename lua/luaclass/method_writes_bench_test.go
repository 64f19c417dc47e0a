package luaclass

import (
	"testing"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// benchWrites is a loop of the writes a tick's Lua code makes: fields of
// an instance (constant names) and a table indexed by a variable.
const benchWrites = `
local o, t = {}, {}
return function(n)
  for i = 1, n do
    o.n = i; o.target = i; o.state = "idle"; t[i % 8 + 1] = i
  end
end`

// BenchmarkFieldWrites times benchWrites with the method-write hooks
// (watched) and with gopher-lua's own instructions (original), in
// alternate sub-benchmarks of one process for a paired comparison.
func BenchmarkFieldWrites(b *testing.B) {
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(benchWrites); err != nil {
		b.Fatal(err)
	}
	fn := L.Get(-1)
	hooked := [2]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int{
		luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS]}
	use := func(ops [2]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int) {
		luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS] = ops[0], ops[1]
	}
	defer use(hooked)
	run := func(b *testing.B) {
		for b.Loop() {
			if err := L.CallByParam(lua.P{Fn: fn, NRet: 0, Protect: true}, lua.LNumber(1000)); err != nil {
				b.Fatal(err)
			}
		}
	}
	for range 5 {
		b.Run("original", func(b *testing.B) { use(setTableOrig); run(b) })
		b.Run("watched", func(b *testing.B) { use(hooked); run(b) })
	}
}
