package host

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// fuzzSeeds are scripts the fuzzer starts from (with testdata/fuzz/FuzzHost,
// the inputs it found faults with); the normal go test runs them all.
var fuzzSeeds = []string{
	`return BTLog:New("hi")`,
	`A = BTAction:New()
function A:OnUpdate() self.n = (self.n or 0) + 1; if self.n > 2 then return BTTaskStatus.Success end return BTTaskStatus.Running end
function A:OnEnd() print("end", self.n) end
local s = BTSequence:New(); s:AddChild(A:New()); s:AddChild(BTWait:New(0.2))
local t = BTBehaviorTree:New(); t.name = "t"; t:SetStartTask(s)
return { t, BTIdle:New() }`,
	`while true do end`,
	`L = BTAction:New() function L:OnUpdate() while true do end end return L:New()`,
	`E = BTAction:New() function E:OnEnd() while true do end end function E:OnUpdate() return BTTaskStatus.Running end return E:New()`,
	`return BTActionUniversal:New(nil, function() return string.find(string.rep("a", 30000), string.rep("a*", 20) .. "b") end)`,
	`local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 1000) end`,
	`local s = "x" for i = 1, 40 do s = s .. s end`,
	`local function f(n) return f(n + 1) + 1 end return f(1)`,
	`setmetatable(_G, {__index = function(t, k) return k end}) return BTIdle:New()`,
	`os.execute("true")`,
	`require("../x")`,
	`error(setmetatable({}, {__tostring = function() while true do end end}))`,
	`local co = coroutine.wrap(function() while true do coroutine.yield() end end) return BTActionUniversal:New(nil, function() co() return BTTaskStatus.Running end)`,
	`return string.gsub("abc", "%w", "%1"), ("x"):rep(-1), string.format("%5.2s|%q", "abc", "\0")`,
	`local t = {} table.sort({3, 1, 2, 5, 4}, function(a, b) while true do end end)`,
	`return table.concat({}, ",", 1, 2^31)`,
}

// FuzzHost loads random Lua source through a sandboxed host with a CPU
// budget, ticks it, reloads it, ticks again and closes it. Any outcome is
// fine except a Go panic (caught or not), a hang past the budget, or an
// error that names no place.
//
//	go test -run x -fuzz FuzzHost -fuzztime 3m ./host
func FuzzHost(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		path := filepath.Join(t.TempDir(), "mod.lua")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		h, err := New(Options{Stdout: io.Discard, Sandbox: true,
			Budget: 20 * time.Millisecond, MaxStringSize: 1 << 20, ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 0.1}})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = h.LoadFile(path)
		checkFuzzError(t, "LoadFile", err)
		for range 3 {
			checkFuzzError(t, "Tick", h.Tick(0.1))
		}
		_, err = h.Reload(path)
		checkFuzzError(t, "Reload", err)
		for range 2 {
			checkFuzzError(t, "Tick", h.Tick(0.1))
		}
		h.Close()
		// 8 stretches at most (load, 5 ticks, reload, close) of 1.25
		// budgets each, per agent for ticks and Close; generous.
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("took %v", took)
		}
	})
}

// checkFuzzError fails the fuzz test for an error that a Go panic made.
func checkFuzzError(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var gp *luaerr.GoPanic
	var api *lua.ApiError
	if errors.As(err, &gp) || errors.As(err, &api) && api.Type == lua.ApiErrorPanic ||
		strings.Contains(err.Error(), "runtime error") || strings.Contains(err.Error(), "Go panic") {
		t.Fatalf("%s: a Go panic:\n%v", what, err)
	}
}
