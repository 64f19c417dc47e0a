package tests

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
)

// moverScript uses the Go class GoMover directly, and through a Lua class
// derived from it that overrides OnStart (calling the Go OnStart as its
// base method) and OnUpdate (calling the Go one too); the Go OnEnd still
// runs for both.
const moverScript = `
Walker = GoMover:New(2)
Walker.name = "walker"
function Walker:OnStart()
    print("lua start " .. self.name)
    GoMover.OnStart(self)
end
function Walker:OnUpdate()
    print("lua update VERSION")
    return GoMover.OnUpdate(self)
end
local direct = GoMover:New(3, 1.5)
direct.name = "direct"
local seq = BTSequence:New()
seq:AddChild(direct)
seq:AddChild(Walker:New())
return seq
`

// newMoverHost returns a host with the GoMover class, its Go log and its
// stdout.
func newMoverHost(t *testing.T) (*host.Host, *[]string, *bytes.Buffer) {
	t.Helper()
	var log []string
	reg := btlib.NewRegistry()
	if err := reg.Register(moverClass(&log)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out, Classes: reg})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h, &log, &out
}

// A node kind added from outside the library (gonode_mover_test.go) runs
// from Lua tick by tick, directly and as the base of a Lua class whose
// overrides call the Go hooks; a class-level hot reload of the Lua class
// changes its override while the Go hooks keep running and the run keeps
// its state.
func TestRegisteredGoClass(t *testing.T) {
	h, log, out := newMoverHost(t)
	path := filepath.Join(t.TempDir(), "movers.lua")
	write := func(version string) {
		if err := os.WriteFile(path, []byte(strings.ReplaceAll(moverScript, "VERSION", version)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("v1")
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tick := func(wantStatus bt.Status, wantLog, wantOut string) {
		t.Helper()
		*log = nil
		out.Reset()
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		if got := agents[0].Status(); got != wantStatus {
			t.Errorf("status %v, want %v", got, wantStatus)
		}
		if got := strings.Join(*log, "; "); got != wantLog {
			t.Errorf("Go log %q, want %q", got, wantLog)
		}
		if got := out.String(); got != wantOut {
			t.Errorf("stdout %q, want %q", got, wantOut)
		}
	}
	tick(bt.Running, "go start direct target 3; go update direct pos 1.5", "")
	tick(bt.Running, "go update direct pos 3; go end direct; go start walker target 2; go update walker pos 1",
		"lua start walker\nlua update v1\n")
	write("v2")
	rep, err := h.Reload(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rebuilt) != 0 || strings.Join(rep.Changed, ",") != "Walker.OnUpdate" {
		t.Errorf("reload: rebuilt %v, changed %v; want a class-level reload changing Walker.OnUpdate", rep.Rebuilt, rep.Changed)
	}
	tick(bt.Success, "go update walker pos 2; go end walker", "lua update v2\n")
}

// The arguments of a registered class are checked against its
// declaration: the error names the class, the argument, the offending
// value and the line.
func TestRegisteredClassArguments(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`return GoMover:New("far")`, `:1: GoMover:New: target must be a number, got "far" (a string)`},
		{`return GoMover:New()`, `:1: GoMover:New: target is missing: GoMover:New(target, speed?)`},
		{`return GoMover:New(1, 0/0)`, `:1: GoMover:New: speed must be a finite number, got NaN`},
	} {
		h, _, _ := newMoverHost(t)
		path := filepath.Join(t.TempDir(), "bad.lua")
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := h.LoadFile(path)
		if err == nil || !strings.Contains(err.Error(), "bad.lua"+c.want) {
			t.Errorf("%s: err %v, want %q", c.src, err, c.want)
		}
	}
}

// Malformed declarations are refused by Register, and classes that cannot
// be defined by host.New, with the class named.
func TestRegistryErrors(t *testing.T) {
	ok := func(a btlib.Args) (bt.Task, error) { return &goMover{}, nil }
	for _, c := range []struct {
		class btlib.Class
		want  string
	}{
		{btlib.Class{Name: "Go Mover", Base: "BTAction", New: ok}, `class name "Go Mover" is not a Lua identifier`},
		{btlib.Class{Name: "X", New: ok}, "class X has no Base"},
		{btlib.Class{Name: "X", Base: "BTAction"}, "class X has no New"},
		{btlib.Class{Name: "X", Base: "BTAction", New: ok, Params: []btlib.Param{{Name: "n"}}}, "param n has no Type"},
		{btlib.Class{Name: "X", Base: "BTAction", New: ok, Params: []btlib.Param{{Name: "n", Type: btlib.ArgCount, Default: 1.5}}}, "param n: the default 1.5 (float64) does not fit"},
		{btlib.Class{Name: "X", Base: "BTAction", New: ok, Params: []btlib.Param{{Name: "a", Type: btlib.ArgTask, Variadic: true}, {Name: "b", Type: btlib.ArgAny}}}, "param a is variadic but not last"},
	} {
		err := btlib.NewRegistry().Register(c.class)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Register(%s): %v, want %q", c.class.Name, err, c.want)
		}
	}
	for _, c := range []struct {
		class btlib.Class
		want  string
	}{
		{btlib.Class{Name: "X", Base: "Nowhere", New: ok}, "class X: base class Nowhere is not declared"},
		{btlib.Class{Name: "BTWait", Base: "BTAction", New: ok}, "class BTWait is declared twice"},
		{btlib.Class{Name: "X", Base: "BTBehaviorTree", New: ok}, "base class BTBehaviorTree is not declared"},
	} {
		reg := btlib.NewRegistry()
		if err := reg.Register(c.class); err != nil {
			t.Fatal(err)
		}
		if _, err := host.New(host.Options{Classes: reg}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("host.New with %s: %v, want %q", c.class.Name, err, c.want)
		}
	}
}

// The LuaLS stub of a registered class is generated from its declaration.
func TestRegisteredClassStub(t *testing.T) {
	var log []string
	reg := btlib.NewRegistry()
	if err := reg.Register(moverClass(&log)); err != nil {
		t.Fatal(err)
	}
	stub := string(btlib.Stubs(reg.Classes()))
	for _, want := range []string{
		"---@class GoMover: BTAction\n",
		"---@param target number where to walk to (unit: m)\n",
		"---@param speed? number distance per tick (unit: m/tick; default 1)\n",
		"---@return T\nfunction GoMover.New(self, target, speed) end\n",
	} {
		if !strings.Contains(stub, want) {
			t.Errorf("stub lacks %q:\n%s", want, stub)
		}
	}
}

// panicky is a registered Go task whose OnUpdate panics.
type panicky struct{ bt.Action }

func (p *panicky) OnUpdate() bt.Status { panic("the navmesh is gone") }

// A Go panic in a registered Go task, run under a Lua class derived from
// it whose OnUpdate calls the Go one and catches nothing, stops the tree
// as a *luaerr.GoPanic naming the task; a Lua error of a child that a Lua
// pcall caught before leaves the record of the running task intact.
func TestGoPanicInRegisteredClass(t *testing.T) {
	reg := btlib.NewRegistry()
	if err := reg.Register(btlib.Class{Name: "Panicky", Base: "BTAction",
		New: func(btlib.Args) (bt.Task, error) { return &panicky{}, nil }}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out, Classes: reg})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := filepath.Join(t.TempDir(), "panic.lua")
	script := `
Bad = BTAction:New()
function Bad:OnUpdate() error("bad child") end
Careful = BTComposite:New()
function Careful:OnUpdate()
    print(pcall(function() return self.childTasks[1]:Tick() end))
    return self.childTasks[2]:Tick()
end
Loud = Panicky:New()
Loud.name = "loud"
function Loud:OnUpdate() return Panicky.OnUpdate(self) end
local c = Careful:New()
c.name = "careful"
c:AddChild(Bad:New())
c:AddChild(Loud:New())
return c
`
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	err = h.Tick(1.0 / 60)
	var gp *luaerr.GoPanic
	if !errors.As(err, &gp) || gp.Task != "careful/loud[2]" {
		t.Fatalf("err = %v (%T), want a *luaerr.GoPanic of careful/loud[2]", err, err)
	}
	if !strings.Contains(string(gp.Stack), "tests.(*panicky).OnUpdate") {
		t.Errorf("stack does not show the Go task:\n%s", gp.Stack)
	}
	if !strings.HasPrefix(out.String(), "false\t") || !strings.Contains(out.String(), "bad child") {
		t.Errorf("stdout %q, want the caught child error", out.String())
	}
}
