package luavm

import (
	"math"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua computes a % b as math.Mod(a, b), plus b when the signs
// differ (luaModulo): math.Mod runs a loop of Frexp and Ldexp over the
// operands' exponents, 20 turns for 2^31 % 1000 (issue 23: the warrior's
// random draws, a tenth of a Lua leaf's time). For two whole numbers under
// 2^53 the truncated remainder of their int64 values is the exact fmod,
// so the hook below computes that, with the same sign correction, and
// with Mod's zero (the dividend's sign) when the remainder is 0; other
// operands (fractions, huge numbers, a zero divisor, NaN, strings, tables
// with __mod) go to gopher-lua's instruction. The result is stored as
// gopher-lua stores a number in a register (registry.SetNumber: its
// shared boxes of 0 to 127, else its block allocator).
// TestModMatchesGopherLua checks the bits against gopher-lua's own.

//go:linkname luaJumpTable github.com/yuin/gopher-lua.jumpTable
var luaJumpTable [lua.OP_NOP + 1]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int

//go:linkname registrySetNumber github.com/yuin/gopher-lua.(*registry).SetNumber
func registrySetNumber(rg unsafe.Pointer, regi int, v lua.LNumber)

// modOrig is gopher-lua's OP_MOD (opArith), which the hook falls back to
// (and the tests compare against).
var modOrig = luaJumpTable[lua.OP_MOD]

// maxExact is 2^53: whole numbers below it convert to int64 and back
// exactly.
const maxExact = 1 << 53

func init() {
	if !frameLayout.ok {
		return
	}
	luaJumpTable[lua.OP_MOD] = modHook
}

// modHook is OP_MOD A B C, R(A) := RK(B) % RK(C), with the fast path of
// wholeMod.
func modHook(L *lua.LState, inst uint32, base unsafe.Pointer) int {
	f, ok := FrameOf(L)
	if !ok {
		return modOrig(L, inst, base)
	}
	x, ok1 := f.RK(int(inst & 0x1ff)).(lua.LNumber)
	y, ok2 := f.RK(int(inst>>9) & 0x1ff).(lua.LNumber)
	if !ok1 || !ok2 {
		return modOrig(L, inst, base)
	}
	v, ok := wholeMod(float64(x), float64(y))
	if !ok {
		return modOrig(L, inst, base)
	}
	cf := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), frameLayout.currentFrame))
	lb := *(*int)(unsafe.Add(cf, frameLayout.localBase))
	reg := *(*unsafe.Pointer)(unsafe.Add(unsafe.Pointer(L), frameLayout.reg))
	registrySetNumber(reg, lb+int(inst>>18)&0xff, lua.LNumber(v))
	return 0
}

// wholeMod returns gopher-lua's x % y (luaModulo) when x and y are whole
// numbers of magnitude under 2^53 and y is not 0; ok false otherwise.
func wholeMod(x, y float64) (float64, bool) {
	if !(x > -maxExact && x < maxExact && y > -maxExact && y < maxExact) || y == 0 {
		return 0, false // NaN fails the range tests
	}
	xi, yi := int64(x), int64(y)
	if float64(xi) != x || float64(yi) != y {
		return 0, false
	}
	r := xi % yi // fmod's exact remainder, with the dividend's sign
	if r == 0 {
		return math.Copysign(0, x), true // Mod's zero keeps x's sign; no correction
	}
	v := float64(r)
	if y > 0 && v < 0 || y < 0 && v > 0 {
		v += y
	}
	return v, true
}
