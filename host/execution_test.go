package host

import (
	"bytes"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// Options.ExecutionType is the default of every tree the scripts make; a
// script's tree:SetExecutionType overrides it.
func TestExecutionTypeDefault(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, ExecutionType: bt.Count, MaxTaskExecutions: 7})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	p := writeScript(t, `local rep = BTRepeater:New(3)
rep:AddChild(BTLog:New("run"))
local other = BTBehaviorTree:New()
other:SetStartTask(BTLog:New("other"))
other:SetExecutionType(BTExecutionType.NoDuplicates)
return { rep, other }`)
	agents, err := h.LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	a, b := agents[0].tree().BT, agents[1].tree().BT
	if a.ExecutionType != bt.Count || a.MaxTaskExecutions != 7 || b.ExecutionType != bt.NoDuplicates || b.MaxTaskExecutions != 7 {
		t.Fatalf("trees: %v %d, %v %d", a.ExecutionType, a.MaxTaskExecutions, b.ExecutionType, b.MaxTaskExecutions)
	}
	if got := out.String(); got != "run\nrun\nrun\nother\n" || agents[0].Status() != bt.Success {
		t.Fatalf("output %q, status %v; want three runs in tick 1", got, agents[0].Status())
	}
}

func TestExecutionTypeOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{ExecutionType: 2}, "host: ExecutionType must be bt.NoDuplicates or bt.Count, got ExecutionType(2)"},
		{Options{MaxTaskExecutions: -1}, "host: MaxTaskExecutions must not be negative, got -1"},
	} {
		h, err := New(c.opts)
		if err == nil {
			h.Close()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err %v, want %q", c.opts, err, c.want)
		}
	}
}
