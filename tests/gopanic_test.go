package tests

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/lua/luaerr"
)

// A Go function that the game binds (host.SetGlobal) panics when a Lua
// task calls it: the host reports a Go panic with its Go stack and the
// task, not a script error.
func TestGoPanicInBoundFunction(t *testing.T) {
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var world map[string]int
	h.SetGlobal("spawn", func(name string) { world[name]++ })
	path := filepath.Join(t.TempDir(), "spawner.lua")
	script := "Spawner = BTAction:New()\nSpawner.name = \"spawner\"\n" +
		"function Spawner:OnUpdate() spawn(\"orc\") return BTTaskStatus.Success end\n" +
		"local seq = BTSequence:New()\nseq.name = \"wave\"\nseq:AddChild(Spawner:New())\nreturn seq\n"
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	err = h.Tick(1.0 / 60)
	var gp *luaerr.GoPanic
	if !errors.As(err, &gp) {
		t.Fatalf("err = %v (%T), want a *luaerr.GoPanic", err, err)
	}
	if gp.Task != "wave/spawner[1]" {
		t.Errorf("task = %q, want wave/spawner[1]", gp.Task)
	}
	if first, _, _ := strings.Cut(err.Error(), "\n"); first != "Go panic: assignment to entry in nil map (task wave/spawner[1])" {
		t.Errorf("first line = %q", first)
	}
	if !strings.Contains(string(gp.Stack), "tests.TestGoPanicInBoundFunction.func") {
		t.Errorf("stack does not show the bound function:\n%s", gp.Stack)
	}
}
