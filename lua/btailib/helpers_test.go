package btailib_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// env is a Lua state with btlib and btailib, whose print writes to out.
type env struct {
	t   *testing.T
	L   *lua.LState
	lib *btailib.Lib
	out bytes.Buffer
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, L: lua.NewState()}
	t.Cleanup(e.L.Close)
	e.L.SetGlobal("print", e.L.NewFunction(func(L *lua.LState) int {
		var parts []string
		for i := 1; i <= L.GetTop(); i++ {
			parts = append(parts, L.ToStringMeta(L.Get(i)).String())
		}
		e.out.WriteString(strings.Join(parts, "\t") + "\n")
		return 0
	}))
	bl, err := btlib.Open(e.L, btlib.Options{Stdout: &e.out})
	if err != nil {
		t.Fatal(err)
	}
	if e.lib, err = btailib.Open(bl, btailib.Options{Stdout: &e.out, Globals: true}); err != nil {
		t.Fatal(err)
	}
	return e
}

// run runs src as chunk "test.lua" and returns its first result.
func (e *env) run(src string) lua.LValue {
	e.t.Helper()
	v, err := e.try(src)
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// try runs src as chunk "test.lua" and returns its first result or the
// error.
func (e *env) try(src string) (lua.LValue, error) {
	fn, err := e.L.Load(strings.NewReader(src), "test.lua")
	if err != nil {
		return nil, err
	}
	top := e.L.GetTop()
	e.L.Push(fn)
	if err := e.L.PCall(0, 1, nil); err != nil {
		return nil, err
	}
	v := e.L.Get(-1)
	e.L.SetTop(top)
	return v, nil
}

// tick ticks node by hand (node:Tick()) at time tick/60 and returns the
// state and the output of the tick, as "State|line1;line2".
func (e *env) tick(node lua.LValue, tick int) (string, error) {
	e.lib.SetTime(float64(tick)/60, int64(tick))
	e.out.Reset()
	top := e.L.GetTop()
	defer e.L.SetTop(top)
	if err := e.L.CallByParam(lua.P{Fn: e.L.GetField(node, "Tick"), NRet: 1, Protect: true}, node); err != nil {
		return "", err
	}
	return e.L.Get(-1).String() + "|" + strings.ReplaceAll(strings.TrimSuffix(e.out.String(), "\n"), "\n", ";"), nil
}

// expectTicks ticks node once per want entry (ticks numbered from 1) and
// compares "State|output".
func (e *env) expectTicks(node lua.LValue, want ...string) {
	e.t.Helper()
	for i, w := range want {
		got, err := e.tick(node, i+1)
		if err != nil {
			e.t.Fatalf("tick %d: %v", i+1, err)
		}
		if got != w {
			e.t.Fatalf("tick %d: got %q, want %q", i+1, got, w)
		}
	}
}

// errorOf runs src and returns its error message (failing when it runs).
func (e *env) errorOf(src string) string {
	e.t.Helper()
	_, err := e.try(src)
	if err == nil {
		e.t.Fatalf("no error from %s", src)
	}
	return err.Error()
}

// hostRun is a script run through the host at dt = 1/60 s.
type hostRun struct {
	h      *host.Host
	out    *bytes.Buffer
	agents []*host.Agent
}

// loadHost writes src to a temp file name and loads it into a new host.
func loadHost(t *testing.T, name, src string) (*hostRun, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	agents, err := h.LoadFile(path)
	return &hostRun{h: h, out: &out, agents: agents}, err
}

// tickN ticks the host n times (or until done) and returns the tree
// status of the first agent per tick and the first error.
func (r *hostRun) tickN(n int) ([]string, error) {
	var st []string
	for i := 0; i < n && !r.h.Done(); i++ {
		if err := r.h.Tick(1.0 / 60); err != nil {
			return st, err
		}
		st = append(st, fmt.Sprint(r.agents[0].Status()))
	}
	return st, nil
}
