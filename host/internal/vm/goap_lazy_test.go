package vm

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// surface is what a script sees of the libraries, as sorted key:type
// lists: the globals, package.preload and package.loaded, the bt module,
// BTGoapAgentTask:New's error before any agent exists, then the goap
// module and its classes, package.loaded again, and whether a second
// require gives the same table.
const surface = `
local function keys(t)
    local o = {}
    for k, v in pairs(t) do o[#o + 1] = tostring(k) .. ":" .. type(v) end
    table.sort(o)
    return table.concat(o, ",")
end
local out = {"G=" .. keys(_G), "preload=" .. keys(package.preload), "loaded=" .. keys(package.loaded),
    "bt=" .. keys(require("bt"))}
local ok, err = pcall(BTGoapAgentTask.New, BTGoapAgentTask, {})
out[#out + 1] = "new=" .. tostring(ok) .. " " .. tostring(err)
local goap = require("goap")
out[#out + 1] = "goap=" .. keys(goap)
for _, n in ipairs({"Action", "Planner", "Agent", "FSM"}) do out[#out + 1] = n .. "=" .. keys(goap[n]) end
out[#out + 1] = "loaded=" .. keys(package.loaded)
out[#out + 1] = tostring(require("goap") == goap) .. " " .. tostring(goap.Action.cost)
local fsm = goap.FSM:New("owner")
fsm:PushState(function() end)
out[#out + 1] = "fsm=" .. fsm:Len()
ok, err = pcall(rawset, goap.Action, "cost", 2)
out[#out + 1] = "rawset=" .. tostring(ok) .. " " .. tostring(err)
return table.concat(out, "\n")
`

// runSurface runs surface in v and returns what it returned; with
// inCoroutine, its first require("goap") runs in a coroutine.
func runSurface(t *testing.T, v *VM, inCoroutine bool) string {
	t.Helper()
	src := surface
	if inCoroutine {
		src = strings.Replace(src, `local goap = require("goap")`,
			`local goap = coroutine.wrap(function() return require("goap") end)()`, 1)
	}
	fn, err := v.L.Load(strings.NewReader(src), "surface.lua")
	if err != nil {
		t.Fatal(err)
	}
	v.L.Push(fn)
	if err := v.L.PCall(0, 1, nil); err != nil {
		t.Fatal(err)
	}
	defer v.L.Pop(1)
	return lua.LVAsString(v.L.Get(-1))
}

// The goap module, made at the first require("goap") (goaplib.Install),
// is what scripts saw when Open made it at once (here: Load before the
// script, as the old Open did): the same globals, preloads, loaded
// modules, bt fields, GoapAgentTask:New error, module and classes,
// required from the main state or from a coroutine, with and without the
// sandbox (which hands out the module's sealed proxy either way).
func TestGOAPModuleLazySameAsEager(t *testing.T) {
	for _, sandboxed := range []bool{false, true} {
		opts := Options{Stdout: &strings.Builder{}, MaxStringSize: -1, Sandbox: sandboxed}
		eager := open(t, opts)
		if _, err := eager.GOAP.Load(); err != nil {
			t.Fatal(err)
		}
		want := runSurface(t, eager, false)
		if !strings.Contains(want, "FSM=") || !strings.Contains(want, "true 1") || !strings.Contains(want, "fsm=1") {
			t.Fatalf("sandbox %v: the eager surface lacks the module:\n%s", sandboxed, want)
		}
		if sandboxed != strings.Contains(want, "rawset=false") {
			t.Errorf("sandbox %v: rawset into goap.Action: %s", sandboxed, want)
		}
		for _, inCoroutine := range []bool{false, true} {
			lazy := open(t, opts)
			if lazy.GOAP.Module != nil {
				t.Fatalf("sandbox %v: the module is made at Open", sandboxed)
			}
			if got := runSurface(t, lazy, inCoroutine); got != want {
				t.Errorf("sandbox %v, coroutine %v: lazy surface\n%s\nwant\n%s", sandboxed, inCoroutine, got, want)
			}
			if lazy.GOAPModule() != lazy.GOAP.Module || lazy.GOAP.Module == nil {
				t.Errorf("sandbox %v: GOAPModule is not the module require made", sandboxed)
			}
		}
	}
}

// GOAPModule before any require makes the module once; the require
// that follows returns it (the raw table without a sandbox).
func TestGOAPModuleBeforeRequire(t *testing.T) {
	v := open(t, Options{Stdout: &strings.Builder{}, MaxStringSize: -1})
	mod := v.GOAPModule()
	if err := v.L.DoString(`loadedBefore = package.loaded.goap; goapModule = require("goap")`); err != nil {
		t.Fatal(err)
	}
	if v.L.GetGlobal("loadedBefore") != lua.LNil {
		t.Errorf("package.loaded.goap before the require: %v", v.L.GetGlobal("loadedBefore"))
	}
	if got := v.L.GetGlobal("goapModule"); got != mod || v.GOAPModule() != mod {
		t.Errorf("require gave %v, want the module GOAPModule made (%v)", got, mod)
	}
}
