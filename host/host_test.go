package host

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// guard is an embedder's game object handed to scripts through gopher-luar.
type guard struct {
	Name   string
	HP     int
	alerts []string
}

func (g *guard) Alert(msg string) { g.alerts = append(g.alerts, msg) }

func writeScript(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "ai.lua")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A Go value set as a global is reachable from a script's leaf: fields
// read and written, methods called.
func TestSetGlobalGoValue(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g := &guard{Name: "Bram", HP: 30}
	h.SetGlobal("guard", g)
	path := writeScript(t, `
Hurt = BTAction:New()
function Hurt:OnUpdate()
    guard.HP = guard.HP - 10
    print(guard.Name .. " has " .. guard.HP)
    if guard.HP <= 10 then
        guard:Alert("retreat")
        return BTTaskStatus.Success
    end
    return BTTaskStatus.Running
end
return Hurt:New()
`)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var statuses []bt.Status
	for !h.Done() {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		statuses = append(statuses, agents[0].Status())
	}
	if out.String() != "Bram has 20\nBram has 10\n" || g.HP != 10 || strings.Join(g.alerts, ",") != "retreat" {
		t.Errorf("stdout %q, HP %d, alerts %v", out.String(), g.HP, g.alerts)
	}
	if len(statuses) != 2 || statuses[0] != bt.Running || statuses[1] != bt.Success {
		t.Errorf("statuses %v, want [Running Success]", statuses)
	}
}

// Variables set from Go on a tree's blackboard or as global variables are
// read by scripts, and values set by scripts are read from Go.
func TestBlackboardFromGo(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `
Report = BTAction:New()
function Report:OnUpdate()
    print(self:GetVariable("target") .. " " .. self:GetVariable("difficulty"))
    self:SetVariable("seen", true)
    return BTTaskStatus.Success
end
return Report:New()
`)
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	agents[0].Set("target", "the gate")
	h.Globals().Set("difficulty", 3)
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if out.String() != "the gate 3\n" {
		t.Errorf("stdout %q", out.String())
	}
	if v := agents[0].Get("seen"); v != true {
		t.Errorf("seen = %#v", v)
	}
}

func TestReloadUnknownFile(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Reload("nowhere.lua"); err == nil || !strings.Contains(err.Error(), "not a file this host has loaded") {
		t.Errorf("err = %v", err)
	}
}
