package host

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// newFSHost returns a host reading the given files, with print output in
// out.
func newFSHost(t *testing.T, files map[string]string) (*Host, *bytes.Buffer) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h, &out
}

// Variables a script sets read from Go as Go values: numbers float64,
// strings, booleans, tables as slices and maps at every depth, a Go value
// bound with SetGlobal as itself.
func TestVariablesFromLua(t *testing.T) {
	h, _ := newFSHost(t, map[string]string{"ai.lua": `local bt = require("bt")
Setter = BTAction:New()
function Setter:OnUpdate()
    self:SetVariable("hp", 42.5)
    self:SetVariable("name", "Bram")
    self:SetVariable("alert", true)
    self:SetVariable("path", { "gate", "well", 3 })
    self:SetVariable("pos", { x = 1, y = 2, tags = { "a" }, [7] = "seven" })
    self:SetVariable("empty", {})
    self:SetVariable("me", guard)
    bt.SetGlobalVariable("wave", 2)
    return BTTaskStatus.Success
end
return Setter:New()
`})
	g := &guard{Name: "Bram"}
	h.SetGlobal("guard", g)
	agents, err := h.LoadFile("ai.lua")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	a := agents[0]
	for name, want := range map[string]any{
		"hp":    42.5,
		"name":  "Bram",
		"alert": true,
		"path":  []any{"gate", "well", 3.0},
		"pos":   map[string]any{"x": 1.0, "y": 2.0, "tags": []any{"a"}, "7": "seven"},
		"empty": map[string]any{},
		"wave":  2.0, // not in the tree: its global variable
		"none":  nil,
	} {
		if got := a.Get(name); !reflect.DeepEqual(got, want) {
			t.Errorf("Get(%q) = %#v, want %#v", name, got, want)
		}
	}
	if got := a.Get("me"); got != any(g) {
		t.Errorf("Get(me) = %#v, want the bound *guard itself", got)
	}
	if got := h.Globals().Get("wave"); got != 2.0 {
		t.Errorf("Globals().Get(wave) = %#v", got)
	}
	if got := strings.Join(a.Names(), ","); got != "alert,empty,hp,me,name,path,pos" {
		t.Errorf("Names() = %s", got)
	}
	if got := h.GetGlobal("guard"); got != any(g) {
		t.Errorf("GetGlobal(guard) = %#v", got)
	}
	if got, ok := h.GetGlobal("Setter").(map[string]any); !ok || got["OnUpdate"] == nil {
		t.Errorf("GetGlobal(Setter) = %#v, want the class table as a map", got)
	}
}

// Go values set from Go stay themselves for Get, and scripts read them:
// numbers, strings and booleans as Lua's, a struct pointer's fields and
// methods, a slice by index.
func TestVariablesFromGo(t *testing.T) {
	h, out := newFSHost(t, map[string]string{"ai.lua": `local bt = require("bt")
Reader = BTAction:New()
function Reader:OnUpdate()
    local g = self:GetVariable("target")
    g:Alert("seen")
    print(self:GetVariable("hp") + 1, self:GetVariable("name"), self:GetVariable("alert"),
        g.Name, self:GetVariable("path")[2], bt.GetGlobalVariable("difficulty"))
    return BTTaskStatus.Success
end
return Reader:New()
`})
	agents, err := h.LoadFile("ai.lua")
	if err != nil {
		t.Fatal(err)
	}
	a := agents[0]
	g := &guard{Name: "Vera"}
	path := []string{"gate", "well"}
	a.Set("hp", 30)
	a.Set("name", "Vera")
	a.Set("alert", false)
	a.Set("target", g)
	a.Set("path", path)
	h.Globals().Set("difficulty", 3)
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "31\tVera\tfalse\tVera\twell\t3\n" || strings.Join(g.alerts, ",") != "seen" {
		t.Errorf("printed %q, alerts %v", got, g.alerts)
	}
	if got := a.Get("hp"); got != any(30) {
		t.Errorf("Get(hp) = %#v, want the int 30", got)
	}
	if got := a.Get("target"); got != any(g) {
		t.Errorf("Get(target) = %#v, want the same pointer", got)
	}
	if got, ok := a.Get("path").([]string); !ok || &got[0] != &path[0] {
		t.Errorf("Get(path) = %#v, want the same slice", got)
	}
	a.Set("hp", nil)
	if got := a.Get("hp"); got != nil {
		t.Errorf("after Set(hp, nil): %#v", got)
	}
}

// The typed getters take Lua and Go values of their type, and say what is
// wrong otherwise.
func TestVariablesTyped(t *testing.T) {
	h, _ := newFSHost(t, map[string]string{"ai.lua": `
local tree = BTBehaviorTree:New()
tree.name = "guard"
tree:SetStartTask(BTIdle:New())
tree:SetVariable("hp", 12)
tree:SetVariable("name", "Bram")
tree:SetVariable("alert", true)
tree:SetVariable("path", {})
return tree
`})
	agents, err := h.LoadFile("ai.lua")
	if err != nil {
		t.Fatal(err)
	}
	a := agents[0]
	a.Set("speed", float32(1.5))
	a.Set("count", uint8(7))
	a.Set("mood", "calm")
	h.Globals().Set("gravity", 9.5)
	for _, c := range []struct {
		name string
		f    func(string) (any, error)
		want any
		err  string
	}{
		{"hp", getFloat(a), 12.0, ""},
		{"speed", getFloat(a), 1.5, ""},
		{"count", getFloat(a), 7.0, ""},
		{"name", getString(a), "Bram", ""},
		{"mood", getString(a), "calm", ""},
		{"alert", getBool(a), true, ""},
		{"name", getFloat(a), 0.0, `tree guard: variable "name" is "Bram" (a string), not a number`},
		{"mood", getBool(a), false, `tree guard: variable "mood" is calm (a Go string), not a boolean`},
		{"hp", getString(a), "", `tree guard: variable "hp" is 12 (a number), not a string`},
		{"path", getFloat(a), 0.0, `tree guard: variable "path" is a table, not a number`},
		{"none", getFloat(a), 0.0, `tree guard: variable "none": not set`},
		{"gravity", getFloat(a), 9.5, ""},
		{"gravity", func(n string) (any, error) { return h.Globals().GetString(n) }, "", `global variables: variable "gravity" is 9.5 (a Go float64), not a string`},
	} {
		got, err := c.f(c.name)
		if got != c.want || (err == nil) != (c.err == "") || (err != nil && err.Error() != c.err) {
			t.Errorf("%s: %#v, %v; want %#v, %s", c.name, got, err, c.want, c.err)
		}
	}
	if _, err := a.GetBool("none"); !errors.Is(err, ErrNoVariable) {
		t.Errorf("unset: err %v does not wrap ErrNoVariable", err)
	}
}

func getFloat(a *Agent) func(string) (any, error) {
	return func(n string) (any, error) { return a.GetFloat(n) }
}
func getString(a *Agent) func(string) (any, error) {
	return func(n string) (any, error) { return a.GetString(n) }
}
func getBool(a *Agent) func(string) (any, error) {
	return func(n string) (any, error) { return a.GetBool(n) }
}

// OnChange hears every change of a tree's variables, from its tasks
// during the tick and from Go, with Go values; writes of the same value
// are no change; global variables are the Globals' changes. A reload that
// rebuilds the tree keeps the observer, which hears the new tree's new
// variables.
func TestVariablesOnChange(t *testing.T) {
	fsys := fstest.MapFS{"ai.lua": {Data: []byte(counterTree(""))}}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile("ai.lua")
	if err != nil {
		t.Fatal(err)
	}
	a := agents[0]
	var log []string
	a.OnChange(func(name string, old, new any) {
		log = append(log, fmt.Sprintf("%s: %v -> %v", name, old, new))
	})
	h.Globals().OnChange(func(name string, old, new any) {
		log = append(log, fmt.Sprintf("global %s: %v -> %v", name, old, new))
	})
	step := func(what string) {
		t.Helper()
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		log = append(log, "after "+what)
	}
	step("tick 1")
	step("tick 2")
	a.Set("mode", "flee")
	a.Set("mode", "flee")
	a.Set("path", []string{"a"}) // a Go slice cannot be compared: always a change
	step("tick 3")
	fsys["ai.lua"] = &fstest.MapFile{Data: []byte(counterTree(`tree:SetVariable("armor", 5)` + "\n"))}
	if _, err := h.Reload("ai.lua"); err != nil {
		t.Fatal(err)
	}
	log = append(log, "after reload")
	step("tick 4")
	want := []string{
		"count: <nil> -> 1", "mode: <nil> -> calm", "global seen: <nil> -> true", "after tick 1",
		"count: 1 -> 2", "after tick 2",
		"mode: calm -> flee", "path: <nil> -> [a]",
		"count: 2 -> 3", "after tick 3",
		"armor: <nil> -> 5", "after reload",
		"count: 3 -> 4", "after tick 4",
	}
	if got := strings.Join(log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("log:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// counterTree is a tree whose task counts its ticks in the variable
// count, sets mode to "calm" once and the global variable seen every
// tick. A non-empty extra adds a task (a change of structure, which
// rebuilds the tree on reload) and is run on the tree before it is
// returned.
func counterTree(extra string) string {
	s := `local bt = require("bt")
Counter = BTAction:New()
function Counter:OnUpdate()
    self:SetVariable("count", (self:GetVariable("count") or 0) + 1)
    if not self:GetVariable("mode") then self:SetVariable("mode", "calm") end
    bt.SetGlobalVariable("seen", true)
    return BTTaskStatus.Running
end
local tree = BTBehaviorTree:New()
tree.name = "counter"
local seq = BTSequence:New()
seq:AddChild(Counter:New())
`
	if extra != "" {
		s += "seq:AddChild(BTIdle:New())\n" + extra
	}
	return s + "tree:SetStartTask(seq)\nreturn tree\n"
}
