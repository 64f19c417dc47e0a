package inspect

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
)

// deepChain is a tree record of a chain of n tasks, each the only child
// of the one before: "S", "S/S[1]", "S/S[1]/S[1]", ...
func deepChain(n int) *Record {
	nodes := make([]NodeInfo, n)
	for i := range nodes {
		nodes[i] = NodeInfo{Parent: i - 1, Name: "S", Kind: "BTSequence"}
	}
	r := &Record{T: 1, K: "tree", A: 1, Name: "deep", Src: "deep.lua", Nodes: nodes}
	return r
}

// maxViewBytesPerNode bounds the JSON of an agent view per task (a
// chain's tasks: short names, every task with an end).
const maxViewBytesPerNode = 200

// The view of a 20,000-deep chain is linear in the tree's size: each
// task's parent and name, not its path (nor the path of the task that
// ended it, wrote a variable or raised the error), so that the page
// builds the paths. Every task started, the deep half ended by an abort
// of the deepest task, a variable written by it, then an error blamed
// on it: each names the deepest task. The paths spelled from the view
// are bt.Path's.
func TestAgentViewDeepTreeLinear(t *testing.T) {
	const n = 20000
	m := NewModel()
	m.Apply(deepChain(n))
	for i := range n {
		m.Apply(&Record{T: 1, K: "start", A: 1, N: i, By: -1, W: -1})
		m.Apply(&Record{T: 1, K: "status", A: 1, N: i, S: "Running", By: -1, W: -1})
	}
	for i := n / 2; i < n-1; i++ {
		m.Apply(&Record{T: 2, K: "end", A: 1, N: i, S: "Running", C: "Aborted", By: n - 1, W: -1})
		m.Apply(&Record{T: 2, K: "start", A: 1, N: i, By: -1, W: -1})
	}
	m.Apply(&Record{T: 2, K: "var", A: 1, Name: "hp", V: 3.0, N: -1, By: -1, W: n - 1})
	m.Apply(&Record{T: 3, K: "error", A: 1, N: n - 1, Err: "boom", By: -1, W: -1})

	start := time.Now()
	v, ok := m.Agent(1)
	if !ok {
		t.Fatal("no agent 1")
	}
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("view of a %d-deep chain: %d bytes (%.0f per task) in %v", n, len(js), float64(len(js))/n, time.Since(start))
	if len(js) > maxViewBytesPerNode*n {
		t.Fatalf("view of a %d-deep chain: %d bytes, more than %d per task", n, len(js), maxViewBytesPerNode)
	}

	deepest := "S" + strings.Repeat("/S[1]", n-1)
	if got := v.Path(n - 1); got != deepest {
		t.Errorf("path of the deepest task: %d bytes, want %d", len(got), len(deepest))
	}
	if got := v.Path(2); got != "S/S[1]/S[1]" {
		t.Errorf("path of task 2: %q", got)
	}
	if e := v.Nodes[n/2].End; e == nil || e.Cause != "stopped by the error of" || e.By == nil || *e.By != n-1 || v.CauseText(e) != "stopped by the error of "+deepest {
		t.Errorf("task %d's end: %+v", n/2, e)
	}
	if e := v.Nodes[n-1].End; e == nil || v.CauseText(e) != "raised the error" || v.Nodes[n-1].Error != "boom" {
		t.Errorf("deepest task's end: %+v", e)
	}
	if len(v.Vars) != 1 || v.Vars[0].Writer == nil || *v.Vars[0].Writer != n-1 {
		t.Errorf("vars: %+v", v.Vars)
	}
	// The view read back from its JSON spells the same paths.
	var back AgentView
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Path(n - 1); got != deepest {
		t.Errorf("path of the deepest task from the JSON: %d bytes, want %d", len(got), len(deepest))
	}
}

// An end caused by another task names it by node number; the cause's
// text spells its path ("aborted by Root/..."), an end with no cause task
// the words alone.
func TestAgentViewCauseText(t *testing.T) {
	m := NewModel()
	m.Apply(&Record{T: 1, K: "tree", A: 1, Nodes: []NodeInfo{{Parent: -1, Name: "Root"}, {Parent: 0, Name: "A"}, {Parent: 0, Name: "B"}, {Parent: 2, Name: "C"}}})
	m.Apply(&Record{T: 2, K: "end", A: 1, N: 1, S: "Running", C: "Aborted", By: 3, W: -1})
	m.Apply(&Record{T: 2, K: "end", A: 1, N: 2, S: "Running", C: "Halted", By: -1, W: -1})
	m.Apply(&Record{T: 2, K: "end", A: 1, N: 3, S: "Success", By: -1, W: -1})
	v, _ := m.Agent(1)
	var got []string
	for i := 1; i < 4; i++ {
		got = append(got, v.Path(i)+": "+v.CauseText(v.Nodes[i].End))
	}
	want := "Root/A[1]: aborted by Root/B[2]/C[1]|Root/B[2]: halted|Root/B[2]/C[1]: completed"
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("causes:\n%s\nwant\n%s", s, want)
	}
	if v.Path(-1) != "" || v.Path(4) != "" {
		t.Errorf("paths of tasks out of range: %q %q", v.Path(-1), v.Path(4))
	}
}

// deepLua returns a tree of n nested BTSequence tasks around a BTWait.
const deepLua = `
local t = BTWait:New(10)
for i = 1, DEPTH do
	local s = BTSequence:New()
	s:AddChild(t)
	t = s
end
local tree = BTBehaviorTree:New()
tree:SetStartTask(t)
return tree
`

// A live tree 20,000 deep: the inspector's view of it is linear in its
// size, and the model keeps its paths for messages (a breakpoint's hit)
// in bounded labels.
func TestLiveDeepTreeView(t *testing.T) {
	const depth = 20000
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("DEPTH", depth)
	path := filepath.Join(t.TempDir(), "deep.lua")
	if err := os.WriteFile(path, []byte(deepLua), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	in := Attach(h)
	in.WatchAgents(1)
	tick(t, h, 2)
	start := time.Now()
	in.mu.Lock()
	v, ok := in.model.Agent(1)
	labels := 0
	if a := in.model.agent(1); a != nil {
		for _, l := range a.paths {
			labels += len(l)
		}
	}
	in.mu.Unlock()
	if !ok || len(v.Nodes) != depth+1 {
		t.Fatalf("agent 1: %v, %d tasks", ok, len(v.Nodes))
	}
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("live view of a %d-deep tree: %d bytes (%.0f per task) in %v; labels %d bytes", depth, len(js), float64(len(js))/depth, time.Since(start), labels)
	if len(js) > maxViewBytesPerNode*(depth+1) {
		t.Fatalf("view: %d bytes, more than %d per task", len(js), maxViewBytesPerNode)
	}
	if labels > (maxLabel+8)*(depth+1) {
		t.Fatalf("labels: %d bytes, more than %d per task", labels, maxLabel+8)
	}
	if got, want := v.Path(depth), "BTSequence"+strings.Repeat("/BTSequence[1]", depth-1)+"/BTWait[1]"; got != want || !v.Nodes[depth].Running {
		t.Errorf("the wait: running %v, path of %d bytes, want %d", v.Nodes[depth].Running, len(got), len(want))
	}
}
