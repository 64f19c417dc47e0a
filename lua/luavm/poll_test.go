package luavm

import (
	"context"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// pollCases run on without end once stop() has cancelled the state's
// context, each on one line (so that the error's line is the same
// wherever in the line the VM raises it): loops of every kind, recursion,
// a Lua function that a Go function calls again and again, a coroutine.
var pollCases = map[string]string{
	"while":         `stop() while true do end`,
	"while body":    `stop() local n = 0 while true do n = n + 1 end`,
	"repeat":        `stop() repeat local x = 1 until false`,
	"numeric for":   `stop() local s = 0 for i = 1, 1e15 do s = s + i end`,
	"generic for":   `stop() for k in function() return 1 end do end`,
	"pairs":         `stop() local t = {1, 2, 3} while true do for k, v in pairs(t) do end end`,
	"recursion":     `stop() local function f(n) return 1 + f(n + 1) end f(1)`,
	"tail call":     `stop() local function f(n) return f(n + 1) end return f(1)`,
	"go callback":   `local n = 0 local t = {} for i = 1, 200 do t[i] = (i * 7919) % 200 end table.sort(t, function(a, b) n = n + 1 if n == 5 then stop() end return a < b end)`,
	"gsub":          `local n = 0 string.gsub(string.rep("a", 100), "a", function(c) n = n + 1 if n == 3 then stop() end return c end)`,
	"coroutine":     `coroutine.wrap(function() stop() while true do end end)()`,
	"co resume":     `local co = coroutine.create(function() stop() while true do end end) local ok, e = coroutine.resume(co) error(e, 0)`,
	"stopped pcall": `stop() while true do pcall(function() end) end`,
}

// runPolled runs src in a fresh state whose context is set by set (with
// the hooks installed, luavm's SetContext or gopher-lua's own) and
// returns the error's message.
func runPolled(t *testing.T, src string, set func(*lua.LState, context.Context)) string {
	t.Helper()
	L := lua.NewState()
	defer L.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	L.SetGlobal("stop", L.NewFunction(func(*lua.LState) int { cancel(); return 0 }))
	set(L, ctx)
	err := L.DoString(src)
	if err == nil {
		t.Fatalf("%s: ran to its end", src)
	}
	if e, ok := err.(*lua.ApiError); ok {
		return e.Object.String()
	}
	return err.Error()
}

// A state whose context SetContext set stops every loop with the error
// gopher-lua's own per-instruction poll raises, at the same line.
func TestPollStopsLoops(t *testing.T) {
	for name, src := range pollCases {
		t.Run(name, func(t *testing.T) {
			got := runPolled(t, src, SetContext)
			want := runPolled(t, src, (*lua.LState).SetContext)
			if got != want {
				t.Errorf("error %q, gopher-lua %q", got, want)
			}
		})
	}
}

// SetContext sets the context that Context returns, and runs the plain
// loop: scripts that end give gopher-lua's results, with or without a
// context, and RemoveContext removes it.
func TestPollLetsScriptsRun(t *testing.T) {
	const src = `local s = 0
for i = 1, 1000 do s = s + i end
local n = 0 while n < 100 do n = n + 1 end
repeat n = n - 1 until n == 0
local function fib(k) if k < 2 then return k end return fib(k - 1) + fib(k - 2) end
local function count(k, acc) if k == 0 then return acc end return count(k - 1, acc + 1) end
local t = {5, 3, 1, 4, 2} table.sort(t, function(a, b) return a > b end)
for _, v in ipairs(t) do s = s + v end
return s + fib(15) + count(5000, 0) + n`
	want := 1000*1001/2 + 15 + 610 + 5000
	for name, set := range map[string]func(*lua.LState){
		"none":       func(*lua.LState) {},
		"luavm":      func(L *lua.LState) { SetContext(L, context.Background()) },
		"gopher-lua": func(L *lua.LState) { L.SetContext(context.Background()) },
	} {
		L := lua.NewState()
		set(L)
		if err := L.DoString(src); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := L.Get(-1); got != lua.LNumber(want) {
			t.Errorf("%s: %v, want %d", name, got, want)
		}
		if name == "luavm" && L.Context() != context.Background() {
			t.Errorf("Context() is %v after SetContext", L.Context())
		}
		L.RemoveContext()
		if L.Context() != nil {
			t.Errorf("%s: Context() is %v after RemoveContext", name, L.Context())
		}
		L.Close()
	}
}

// A context cancelled from another goroutine while the script loops
// stops it (go test -race checks the poll).
func TestPollCancelFromAnotherGoroutine(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{})
	L.SetGlobal("started", L.NewFunction(func(*lua.LState) int { close(started); return 0 }))
	go func() { <-started; cancel() }()
	SetContext(L, ctx)
	err := L.DoString("started()\nlocal n = 0\nwhile true do n = n + 1 end")
	if e, ok := err.(*lua.ApiError); !ok || e.Object.String() != `<string>:3: context canceled` {
		t.Fatalf("error %v, want <string>:3: context canceled", err)
	}
}
