package host

import (
	"bytes"
	"testing"
	"time"
)

// The maximum string size (Options.MaxStringSize) covers .. too: a string
// doubled by concatenation is refused, before it is built, at the first
// result over the cap (8 MiB here), on the classic host and on 2 shards
// (under a budget of 1 s, which a busy machine's copies of megabytes
// would run over at 100 ms).
func TestConcatDoublingStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local s = "x"
    for i = 1, 40 do s = s .. s end`, Options{Budget: time.Second})
		r.errIs(t, r.path+":4: string concatenation: the result would be 16 MiB, over the maximum string size of 8 MiB (tree hog, task Hog)")
	})
}

// string.rep up to the cap, then .. of it with itself.
func TestConcatOfRepStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local s = string.rep("x", 2^23)
    local u = s .. s`, Options{Budget: time.Second})
		r.errIs(t, r.path+":4: string concatenation: the result would be 16 MiB, over the maximum string size of 8 MiB (tree hog, task Hog)")
	})
}

// One .. of many operands is checked as a whole.
func TestConcatManyOperandsStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local s = string.rep("x", 2^20)
    local u = s .. s .. s .. s .. s .. s .. s .. s .. 1 .. s`, Options{})
		r.errIs(t, r.path+":4: string concatenation: the result would be 9 MiB, over the maximum string size of 8 MiB (tree hog, task Hog)")
	})
}

// string.format doubling a string is refused at the first result over
// the cap (under a budget of 1 s, as for ..).
func TestFormatDoublingStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local s = "x"
    for i = 1, 40 do s = string.format("%s%s", s, s) end`, Options{Budget: time.Second})
		r.errIs(t, r.path+":4: string.format: the result would be 16 MiB, over the maximum string size of 8 MiB (tree hog, task Hog)")
	})
}

// Concatenations under the cap, of strings, numbers and __concat
// operands, give Lua's results; over it, pcall catches the error; with
// no cap (MaxStringSize < 0) nothing is refused.
func TestConcatUnderCap(t *testing.T) {
	for _, max := range []int64{1 << 21, -1} {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out, MaxStringSize: max})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, `local s = string.rep("x", 2^20)
local m = setmetatable({}, {__concat = function(a, b) return "m" end})
print(#(s .. s), "a" .. 1 .. "b" .. 2.5, s .. m, m .. s, "<" .. m .. ">")
local ok, err = pcall(function() return s .. s .. "!" end)
print(ok, ok and #err or err)
return BTAction:New()`)
		_, err = h.LoadFile(path)
		h.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := "2097152\ta1b2.5\tm\tm\t<m\n" + "false\t" + path + ":4: string concatenation: the result would be 2 MiB, over the maximum string size of 2 MiB\n"
		if max < 0 {
			want = "2097152\ta1b2.5\tm\tm\t<m\n" + "true\t2097153\n"
		}
		if out.String() != want {
			t.Errorf("max %d: output\n%s\nwant\n%s", max, out.String(), want)
		}
	}
}
