package vm

import (
	"strings"
	"testing"
	"testing/fstest"

	lua "github.com/yuin/gopher-lua"
)

// open opens a VM for a test, closed at its end.
func open(t *testing.T, opts Options) *VM {
	t.Helper()
	v, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(v.Close)
	return v
}

// A VM opens without a host: print writes to Options.Stdout, the
// libraries are there, and the string cap applies.
func TestOpenAlone(t *testing.T) {
	var out strings.Builder
	v := open(t, Options{Stdout: &out, MaxStringSize: 1 << 10})
	if err := v.L.DoString(`print("a", 1, nil, type(BTSequence), type(require("goap")))`); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "a\t1\tnil\ttable\ttable\n"; got != want {
		t.Errorf("print wrote %q, want %q", got, want)
	}
	err := v.L.DoString(`local s = string.rep("x", 2048)`)
	want := "string.rep: the result would be 2048 bytes, over the maximum string size of 1024 bytes"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("string.rep over the cap: %v, want an error with %q", err, want)
	}
}

// In the sandbox, FindModule finds a module of the FS inside the script
// roots, says which files it tried for a missing one, and refuses a name
// that could leave the roots, with the sandbox's message.
func TestFindModuleSandboxFS(t *testing.T) {
	fsys := fstest.MapFS{"ai/guard.lua": {Data: []byte("return 5")}, "secret.lua": {Data: []byte("return 6")}}
	v := open(t, Options{Stdout: &strings.Builder{}, FS: fsys, MaxStringSize: -1, Sandbox: true, SearchPath: []string{"ai"}})
	v.AddScriptFolder("ai/main.lua")
	v.L.SetGlobal("find", v.L.NewFunction(func(L *lua.LState) int {
		path, fn, msg := v.FindModule(L, L.CheckString(1))
		if fn == nil {
			L.Push(lua.LString("not found:" + msg))
			return 1
		}
		L.Push(lua.LString(path))
		L.Push(fn)
		L.Call(0, 1)
		return 2
	}))
	for _, c := range []struct{ code, want string }{
		{`return find("guard")`, "ai/guard.lua 5"},
		{`return find("nope")`, "not found:\n\tno file 'ai/nope.lua'\n\tno file 'ai/nope/init.lua'\n\t'nope.lua' is outside the script folders (btlua sandbox)\n\t'nope/init.lua' is outside the script folders (btlua sandbox)"},
		{`return select(2, pcall(find, "../secret"))`, `<string>:1: require "../secret": the btlua sandbox takes module names (dotted, like ai.guard) inside the script folders only`},
	} {
		if err := v.L.DoString(`return (function(...) local t = {} for i = 1, select("#", ...) do t[i] = tostring((select(i, ...))) end return table.concat(t, " ") end)(` + strings.TrimPrefix(c.code, "return ") + `)`); err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		if got := v.L.Get(-1).String(); got != c.want {
			t.Errorf("%s: %q, want %q", c.code, got, c.want)
		}
		v.L.Pop(1)
	}
}
