package host

import (
	"bytes"
	"testing"
)

// A lifecycle method that is neither nil nor a function (a typo, a field
// named like a hook) fails the tick naming the line that set it, the
// method, the value and the task, as a call of it would in plain Lua; it
// does not make the task silently run its built-in behaviour.
func TestHookNotAFunction(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `F = BTAction:New()
F.OnUpdate = 5
return F:New()
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	err = h.Tick(0.1)
	want := path + ":2: OnUpdate is a number (5), not a function (task F)"
	if err == nil || err.Error() != want {
		t.Errorf("tick error %v, want %s", err, want)
	}
}

// A callable table as a lifecycle method is called, as plain Lua's
// self:OnUpdate() would.
func TestHookCallableTable(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `F = BTAction:New()
F.OnUpdate = setmetatable({}, {__call = function(callee, self) print("called", self.name) return BTTaskStatus.Success end})
local f = F:New()
f.name = "f"
return f
`)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "called\tf\n" || agents[0].Status().String() != "Success" {
		t.Errorf("output %q, status %v; want the callable table called and Success", out.String(), agents[0].Status())
	}
}

// A GOAP action's method that is no function names the action.
func TestGoapMethodNotAFunction(t *testing.T) {
	h, err := New(Options{Stdout: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local goap = require("goap")
local cook = { food = 0, hasFlour = false }
function cook:GetWorldState() return { food = self.food, hasFlour = self.hasFlour } end
function cook:CreateGoalState() return { { "food", ">=", 1 } } end
local Fetch = goap.Action:New{ name = "FetchFlour", cost = 1, effects = { hasFlour = true } }
Fetch.Perform = 5
local Bake = goap.Action:New{ name = "Bake", cost = 2, pre = { hasFlour = true } }
Bake:AddEffect("food", "+", 1)
function Bake:Perform(owner) owner.food = owner.food + 1 return true end
local tree = BTBehaviorTree:New()
tree:SetStartTask(BTGoapAgentTask:New(goap.Agent:New(cook, { Fetch, Bake }), "cook"))
return tree
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	var tickErr error
	for i := 0; i < 3 && tickErr == nil; i++ {
		tickErr = h.Tick(0.1)
	}
	want := path + ":6: FetchFlour.Perform is a number (5), not a function (task cook)"
	if tickErr == nil || tickErr.Error() != want {
		t.Errorf("tick error %v, want %s", tickErr, want)
	}
}

// A hook set on an instance, or by rawset, names the line of that write;
// one that is set again names the last write's line.
func TestHookNotAFunctionWhere(t *testing.T) {
	for _, tc := range []struct{ name, script, want string }{ // want after the script's path
		{"instance", "F = BTAction:New()\nlocal f = F:New()\nf.OnStart = \"go\"\nreturn f\n",
			`:3: OnStart is a string ("go"), not a function (task F)`},
		{"rawset", "F = BTAction:New()\nrawset(F, \"OnUpdate\", true)\nreturn F:New()\n",
			":2: OnUpdate is a boolean (true), not a function (task F)"},
		{"set again", "F = BTAction:New()\nF.OnUpdate = 5\nF.OnUpdate = 6\nreturn F:New()\n",
			":3: OnUpdate is a number (6), not a function (task F)"},
		{"constructor", "F = BTAction:New()\nlocal o = setmetatable({ OnUpdate = 7 }, { __index = F })\nreturn o\n",
			":2: OnUpdate is a number (7), not a function (task F)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := New(Options{Stdout: &bytes.Buffer{}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			path := writeScript(t, tc.script)
			if _, err := h.LoadFile(path); err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.1); err == nil || err.Error() != path+tc.want {
				t.Errorf("tick error %v, want %s", err, path+tc.want)
			}
		})
	}
}

// A GOAP provider's method that is no function names the line that set
// it.
func TestGoapProviderMethodNotAFunction(t *testing.T) {
	h, err := New(Options{Stdout: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local goap = require("goap")
local cook = { food = 0 }
function cook:GetWorldState() return { food = self.food } end
cook.CreateGoalState = "food"
local Bake = goap.Action:New{ name = "Bake", cost = 2 }
Bake:AddEffect("food", "+", 1)
function Bake:Perform(owner) owner.food = owner.food + 1 return true end
local tree = BTBehaviorTree:New()
tree:SetStartTask(BTGoapAgentTask:New(goap.Agent:New(cook, { Bake }), "cook"))
return tree
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	err = h.Tick(0.1)
	want := path + `:4: CreateGoalState is a string ("food"), not a function (task cook)`
	if err == nil || err.Error() != want {
		t.Errorf("tick error %v, want %s", err, want)
	}
}
