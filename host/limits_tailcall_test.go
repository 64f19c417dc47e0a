package host

import (
	"bytes"
	"errors"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
)

// An endless tail call is stopped by the CPU budget, and the error's
// traceback counts one tail call per frame, not one per call made: it
// is built in bounded time (gopher-lua's own would have a line per tail
// call, tens of millions of lines built after the stop).
func TestTailCallLoopStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local function f(n) return f(n + 1) end
    f(1)`, Options{})
		r.errIs(t, r.budgetStop("3"))
		var le *luaerr.Error
		if !errors.As(r.err, &le) {
			t.Fatalf("error %T, want a *luaerr.Error", r.err)
		}
		if n := lines(le.Traceback, "(tailcall)"); n != 1 || lines(le.Traceback, "\t...") != 0 {
			t.Errorf("traceback has %d tail-call lines (want 1), elided: %v\n%s", n, lines(le.Traceback, "\t...") != 0, le.Traceback)
		}
	})
}

// A tail call through __call, endless, likewise.
func TestTailCallMetaCallStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local t = {}
    setmetatable(t, {__call = function(self, n) return t(n + 1) end})
    t(1)`, Options{})
		r.errIs(t, r.budgetStop("4"))
		var le *luaerr.Error
		if !errors.As(r.err, &le) {
			t.Fatalf("error %T, want a *luaerr.Error", r.err)
		}
		if n := lines(le.Traceback, "(tailcall)"); n != 1 {
			t.Errorf("traceback has %d tail-call lines, want 1\n%s", n, le.Traceback)
		}
	})
}

// pcall of a tail recursion 5e7 deep, whose error (the CPU budget's, or
// its own at the bottom) pcall catches: the traceback gopher-lua builds
// for pcall is bounded, and the budget stops the leaf.
func TestTailCallDeepPcallStopped(t *testing.T) {
	forShards(t, func(t *testing.T, shards int) {
		r := runAttack(t, shards, `    local function f(n) if n == 0 then error("bottom") end return f(n - 1) end
    while true do pcall(f, 5e7) end`, Options{})
		r.errIs(t, r.budgetStop("4"))
	})
}

// A frame's tail-call count stays at 1, however many tail calls it made:
// debug.traceback (gopher-lua's, which prints a line per count) shows one.
func TestTailCallCountCapped(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local function g(n) if n == 0 then return debug.traceback() end return g(n - 1) end
local function count(s) local n = 0 for _ in s:gmatch("%(tailcall%)") do n = n + 1 end return n end
print(count(g(0)), count(g(1)), count(g(100000)))
return BTAction:New()`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if out.String() != "0\t1\t1\n" {
		t.Errorf("tail-call lines %q, want 0, 1, 1", out.String())
	}
}
