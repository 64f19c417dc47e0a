package host

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// writeTree writes files into a new folder and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fleeV1 is a referenced file with a global class: a reload merges it in
// place.
const fleeV1 = `
FleeRun = BTAction:New()
function FleeRun:OnStart() self.n = 0 end
function FleeRun:OnUpdate()
  self.n = self.n + 1
  print("v1", self.n, self:GetVariable("speed"))
  return BTTaskStatus.Running
end
return FleeRun:New()
`

const refGuard = `
local s = BTParallel:New()
s:AddChild(BTBehaviorTreeReference:New("ai/flee.lua", { speed = 3 }))
return s
`

// refGuardTwice uses the file twice, with different variables.
const refGuardTwice = `
local s = BTParallel:New()
s:AddChild(BTBehaviorTreeReference:New("ai/flee.lua", { speed = 3 }))
s:AddChild(BTBehaviorTreeReference:New("ai/flee.lua", { speed = 5 }))
return s
`

// tickN ticks h n times, failing the test on an error.
func tickN(t *testing.T, h *Host, n int) {
	t.Helper()
	for range n {
		if err := h.Tick(1); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReferenceHotReloadKeepsState(t *testing.T) {
	dir := writeTree(t, map[string]string{"guard.lua": refGuard, "ai/flee.lua": fleeV1})
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(filepath.Join(dir, "guard.lua")); err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 2)
	flee := filepath.Join(dir, "ai", "flee.lua")
	if err := os.WriteFile(flee, []byte(strings.ReplaceAll(fleeV1, `"v1"`, `"v2"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rebuilt) != 0 {
		t.Fatalf("rebuilt %q, want none (same structure)", rep.Rebuilt)
	}
	tickN(t, h, 1)
	// The running subtree task kept its count; the new code runs.
	if want := "v1\t1\t3\nv1\t2\t3\nv2\t3\t3\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}

	// A syntax error keeps the old code and names file:line.
	if err := os.WriteFile(flee, []byte("FleeRun = BTAction:New(\n\nreturn FleeRun:New()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = h.Reload(flee)
	if err == nil || !strings.Contains(err.Error(), "flee.lua:3") {
		t.Fatalf("reload of a syntax error: %v, want flee.lua:3", err)
	}
	out.Reset()
	tickN(t, h, 1)
	if want := "v2\t4\t3\n"; out.String() != want {
		t.Fatalf("after the failed reload: %q, want %q", out.String(), want)
	}
}

func TestReferenceHotReloadReachesEveryUse(t *testing.T) {
	dir := writeTree(t, map[string]string{"guard.lua": refGuardTwice, "ai/flee.lua": fleeV1})
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(filepath.Join(dir, "guard.lua")); err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 1)
	flee := filepath.Join(dir, "ai", "flee.lua")
	if err := os.WriteFile(flee, []byte(strings.ReplaceAll(fleeV1, `"v1"`, `"v2"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Reload(flee); err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 1)
	if want := "v1\t1\t3\nv1\t1\t5\nv2\t2\t3\nv2\t2\t5\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}

func TestReferenceHotReloadRebuildsChangedStructure(t *testing.T) {
	dir := writeTree(t, map[string]string{"guard.lua": refGuard, "ai/flee.lua": fleeV1})
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(filepath.Join(dir, "guard.lua")); err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 1)
	flee := filepath.Join(dir, "ai", "flee.lua")
	changed := strings.ReplaceAll(fleeV1, "return FleeRun:New()", "local s = BTSequence:New()\ns:AddChild(BTLog:New(\"new\"))\ns:AddChild(FleeRun:New())\nreturn s")
	if err := os.WriteFile(flee, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	if want := "BTParallel/BTBehaviorTreeReference[1]@ai/flee.lua"; len(rep.Rebuilt) != 1 || rep.Rebuilt[0] != want {
		t.Fatalf("rebuilt %q, want [%q]", rep.Rebuilt, want)
	}
	tickN(t, h, 1)
	if want := "v1\t1\t3\nnew\nv1\t1\t3\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}

func TestReferenceInFSAndSandbox(t *testing.T) {
	fsys := fstest.MapFS{
		"ai/guard.lua": {Data: []byte(`return BTBehaviorTreeReference:New("flee.lua")`)},
		"ai/flee.lua":  {Data: []byte(`return BTLog:New("fled")`)},
		"ai/out.lua":   {Data: []byte(`return BTBehaviorTreeReference:New("../secret.lua")`)},
		"secret.lua":   {Data: []byte(`return BTLog:New("secret")`)},
	}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fsys, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile("ai/guard.lua"); err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 1)
	if out.String() != "fled\n" {
		t.Fatalf("output %q, want fled", out.String())
	}
	_, err = h.LoadFile("ai/out.lua")
	if err == nil || !strings.Contains(err.Error(), "ai/out.lua:1: BTBehaviorTreeReference:New: secret.lua is outside the script folders (btlua sandbox)") {
		t.Fatalf("LoadFile(out.lua) = %v, want the sandbox refusal", err)
	}
}

func TestReferenceErrorNamesFileAndPath(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"guard.lua": refGuard,
		"ai/flee.lua": `
Boom = BTAction:New()
function Boom:OnUpdate()
  error("no way out")
end
return Boom:New()
`})
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(filepath.Join(dir, "guard.lua"))
	if err != nil {
		t.Fatal(err)
	}
	_ = h.Tick(1)
	got := agents[0].Err()
	if got == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"flee.lua:4: no way out", "BTParallel/BTBehaviorTreeReference[1]@ai/flee.lua/Boom[1]"} {
		if !strings.Contains(got.Error(), want) {
			t.Errorf("error %q\nwant it to contain %q", got, want)
		}
	}
}
