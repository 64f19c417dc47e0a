package host

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unplannable is a tree that runs a GOAP agent forever (a BTRepeater): its
// goal y needs the tool, which the world has while the global hasTool is
// true; without it no usable action changes "tool" and the task fails.
const unplannable = `local goap = require("goap")
local Make = goap.Action:New{ name = "Make", cost = 1 }
Make:AddPrecondition("tool", true)
Make:AddEffect("y", true)
function Make:Perform() return true end
local p = {}
function p:GetWorldState() return { tool = hasTool, y = false } end
function p:Goals() return { { name = "G", conditions = { y = true } } } end
local agent = goap.Agent:New(p, { Make }, { backoffInitial = -1 })
local r = BTRepeater:New()
r:AddChild(BTGoapAgentTask:New(agent, "Plan"))
r.name = "crafter"
return r
`

// A GOAP task that fails because its goal cannot be planned says why in a
// warning of the host's Logger, once per goal and reason, not once a
// tick; after a plan is found, the next failure is said again. A provider
// with a PlanFailed method hears of it itself: no warning.
func TestGoapPlanFailureWarnsOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "crafter.lua")
	if err := os.WriteFile(path, []byte("hasTool = false\n"+unplannable), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	h, err := New(Options{Stdout: &bytes.Buffer{}, Logger: lineLogger(&log)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	tick := func(n int) {
		for range n {
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
		}
	}
	tick(10)
	want := `btlua: crafter.lua: tree crafter, task crafter/Plan[1] fails: ` +
		`goap: goal "G" {y == true}: no plan: search exhausted every reachable state (expanded 0, visited 1)` + "\n"
	got := strings.ReplaceAll(log.String(), dir+string(filepath.Separator), "")
	if got != want {
		t.Fatalf("after 10 failing ticks the log is\n%s\nwant\n%s", got, want)
	}
	if err := h.luaVM().L.DoString("hasTool = true"); err != nil {
		t.Fatal(err)
	}
	tick(3)
	if err := h.luaVM().L.DoString("hasTool = false"); err != nil {
		t.Fatal(err)
	}
	tick(5)
	got = strings.ReplaceAll(log.String(), dir+string(filepath.Separator), "")
	if got != want+want {
		t.Errorf("after a plan was found and failed again the log is\n%s\nwant it twice:\n%s", got, want)
	}
}

// A provider with a PlanFailed method is told of the failure: the host
// says nothing more.
func TestGoapPlanFailureHeardByProvider(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "crafter.lua")
	src := "hasTool = false\n" + strings.Replace(unplannable, "local agent",
		"function p:PlanFailed(goal, why) heard = why end\nlocal agent", 1)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	h, err := New(Options{Stdout: &bytes.Buffer{}, Logger: lineLogger(&log)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	heard := h.luaVM().L.GetGlobal("heard").String()
	if log.String() != "" || !strings.HasPrefix(heard, `goap: goal "G"`) {
		t.Errorf("log %q, PlanFailed heard %q; want no log and the reason heard", log.String(), heard)
	}
}
