package luavm

import (
	"math"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// modCases computes a % b for every pair of the operands below, with the
// operands in registers, as constants on either side, and through a
// string coerced to a number, and through a table's __mod; it returns the results in order.
const modCases = `
local ops = { 0, -0, 1, -1, 2, -2, 3, -3, 7, -7, 10, 1000, -1000, 16807, 2147483647, -2147483647,
  2^31, 2^46 + 3, -(2^46 + 3), 2^53 - 1, -(2^53 - 1), 2^53, -2^53, 2^53 + 2, 2^63, 1e300, -1e300,
  0.5, -0.5, 2.5, -7.25, 1/0, -1/0, 0/0, 1e-300, 4503599627370497 }
local out = {}
for _, a in ipairs(ops) do
  for _, b in ipairs(ops) do
    out[#out + 1] = a % b
  end
  out[#out + 1] = a % 3
  out[#out + 1] = a % -5
  out[#out + 1] = 17 % a
  out[#out + 1] = -17 % a
  out[#out + 1] = "12" % (a == 0 and 5 or a)
end
local t = setmetatable({}, { __mod = function(a, b) return type(a) == "table" and 99 or -99 end })
out[#out + 1] = t % 3; out[#out + 1] = 3 % t; out[#out + 1] = t % t; out[#out + 1] = (-7) % t
local s = 2147483646 * 16807
for i = 1, 200 do s = s % 2147483647; out[#out + 1] = s; out[#out + 1] = s % 1000; s = s * 16807 end
return out
`

// modResults runs modCases and returns its results' bits.
func modResults(t *testing.T) []uint64 {
	t.Helper()
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(modCases); err != nil {
		t.Fatal(err)
	}
	tbl := L.Get(-1).(*lua.LTable)
	var bits []uint64
	for i := 1; i <= tbl.Len(); i++ {
		n, ok := tbl.RawGetInt(i).(lua.LNumber)
		if !ok {
			t.Fatalf("result %d is %v, not a number", i, tbl.RawGetInt(i))
		}
		bits = append(bits, math.Float64bits(float64(n)))
	}
	return bits
}

// The % of the hook gives gopher-lua's bits (signed zeros, NaN, the sign
// correction, the operands it leaves to gopher-lua) on every case.
func TestModMatchesGopherLua(t *testing.T) {
	if !Frames() {
		t.Fatal("gopher-lua's frame layout is not the one this package knows: the fast paths are off")
	}
	if luaJumpTable[lua.OP_MOD] == nil || luaJumpTable[lua.OP_ADD] == nil {
		t.Fatal("no instruction table")
	}
	hooked := luaJumpTable[lua.OP_MOD]
	got := modResults(t)
	luaJumpTable[lua.OP_MOD] = modOrig
	want := modResults(t)
	luaJumpTable[lua.OP_MOD] = hooked
	if len(got) != len(want) || len(got) < 1000 {
		t.Fatalf("%d results with the hook, %d without", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("result %d: %v (%#x), gopher-lua %v (%#x)", i+1,
				math.Float64frombits(got[i]), got[i], math.Float64frombits(want[i]), want[i])
		}
	}
}

// wholeMod takes whole numbers under 2^53 only, and a divisor not 0.
func TestWholeModRange(t *testing.T) {
	for _, c := range []struct {
		x, y float64
		ok   bool
	}{
		{7, 3, true}, {-7, 3, true}, {maxExact - 1, 3, true}, {maxExact, 3, false}, {7, 0, false},
		{7.5, 3, false}, {7, 2.5, false}, {math.NaN(), 3, false}, {math.Inf(1), 3, false}, {3, math.Inf(-1), false},
	} {
		if _, ok := wholeMod(c.x, c.y); ok != c.ok {
			t.Errorf("wholeMod(%v, %v): ok %v, want %v", c.x, c.y, ok, c.ok)
		}
	}
}
