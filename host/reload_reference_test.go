package host

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// fleeSequence is fleeV1 with a changed structure: a log before the run.
var fleeSequence = strings.ReplaceAll(fleeV1, "return FleeRun:New()",
	"local s = BTSequence:New()\ns:AddChild(BTLog:New(\"new\"))\ns:AddChild(FleeRun:New())\nreturn s")

// refCount returns how many references to file the host's library
// records (see btlib.Lib.ReferencesTo).
func refCount(h *Host, file string) int { return len(h.luaVM().Lib.ReferencesTo(file)) }

// writeFile replaces the text of the file at path.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// referenceReloadOutcome loads guard.lua (refGuard) twice into a host with
// shards shards, ticks once, saves ai/flee.lua with a changed structure,
// reloads it and ticks once more; it returns the trees rebuilt and the
// output.
func referenceReloadOutcome(t *testing.T, shards int) (string, string) {
	t.Helper()
	dir := writeTree(t, map[string]string{"guard.lua": refGuard, "ai/flee.lua": fleeV1})
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Shards: shards})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for range 2 {
		if _, err := h.LoadFile(filepath.Join(dir, "guard.lua")); err != nil {
			t.Fatal(err)
		}
	}
	tickN(t, h, 1)
	flee := filepath.Join(dir, "ai", "flee.lua")
	writeFile(t, flee, fleeSequence)
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 1)
	return fmt.Sprint(rep.Rebuilt), out.String()
}

// A sharded host rebuilds the subtrees of a referenced file whose
// structure changed, as the classic host does (issue 21: it kept them).
func TestShardedReferenceReloadRebuilds(t *testing.T) {
	const path = "BTParallel/BTBehaviorTreeReference[1]@ai/flee.lua"
	wantRebuilt := "[" + path + " " + path + "]"
	wantOut := "v1\t1\t3\nv1\t1\t3\nnew\nv1\t1\t3\nnew\nv1\t1\t3\n"
	for _, shards := range []int{0, 2} {
		rebuilt, out := referenceReloadOutcome(t, shards)
		if rebuilt != wantRebuilt {
			t.Errorf("shards %d: rebuilt %s, want %s", shards, rebuilt, wantRebuilt)
		}
		if out != wantOut {
			t.Errorf("shards %d: output %q, want %q", shards, out, wantOut)
		}
	}
}

// referenceHost loads guard.lua of files into a new host.
func referenceHost(t *testing.T, files map[string]string) (*Host, string, *bytes.Buffer) {
	t.Helper()
	dir := writeTree(t, files)
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	if _, err := h.LoadFile(filepath.Join(dir, "guard.lua")); err != nil {
		t.Fatal(err)
	}
	return h, dir, &out
}

// The host's record of the references to a file forgets the references of
// trees a reload replaced and of subtrees a reload or SetTree swapped out
// (issue 21: it kept every reference ever made).
func TestReferenceUsesPruned(t *testing.T) {
	h, dir, _ := referenceHost(t, map[string]string{"guard.lua": refGuardTwice, "ai/flee.lua": fleeV1})
	flee := filepath.Join(dir, "ai", "flee.lua")
	if n := refCount(h, flee); n != 2 {
		t.Fatalf("after the load: %d references to flee.lua, want 2", n)
	}
	tickN(t, h, 1)
	// The script's tree is replaced by one that references flee.lua once.
	guard := filepath.Join(dir, "guard.lua")
	writeFile(t, guard, refGuard)
	if _, err := h.Reload(guard); err != nil {
		t.Fatal(err)
	}
	if n := refCount(h, flee); n != 1 {
		t.Fatalf("after the tree was replaced: %d references to flee.lua, want 1", n)
	}
	// Each structural reload of flee.lua swaps the subtree for a new one.
	for i, text := range []string{fleeSequence, fleeV1, fleeSequence} {
		writeFile(t, flee, text)
		rep, err := h.Reload(flee)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Rebuilt) != 1 {
			t.Fatalf("reload %d: rebuilt %q, want the one reference", i+1, rep.Rebuilt)
		}
		if n := refCount(h, flee); n != 1 {
			t.Fatalf("reload %d: %d references to flee.lua, want 1", i+1, n)
		}
	}
}

// A nested reference inside a subtree that SetTree swapped out is
// forgotten; a reference SetTree gave a tree of the script's own (not a
// file) is no longer one of the file's, so a reload of the file leaves
// the script's tree in it.
func TestReferenceSetTreeForgets(t *testing.T) {
	h, dir, out := referenceHost(t, map[string]string{
		"guard.lua": `
Mine = BTAction:New()
function Mine:OnUpdate() print("mine") return BTTaskStatus.Running end
local s = BTParallel:New()
local a = BTBehaviorTreeReference:New("ai/outer.lua")
local b = BTBehaviorTreeReference:New("ai/flee.lua")
s:AddChild(a)
s:AddChild(b)
a:SetTree("ai/flee.lua")
b:SetTree(Mine:New())
return s
`,
		"ai/outer.lua": `return BTBehaviorTreeReference:New("inner.lua")`,
		"ai/inner.lua": `return BTLog:New("inner")`,
		"ai/flee.lua":  fleeV1,
	})
	if n := refCount(h, filepath.Join(dir, "ai", "inner.lua")); n != 0 {
		t.Fatalf("%d references to inner.lua, want 0 (its subtree was swapped out)", n)
	}
	flee := filepath.Join(dir, "ai", "flee.lua")
	if n := refCount(h, flee); n != 1 {
		t.Fatalf("%d references to flee.lua, want 1 (the other runs the script's tree)", n)
	}
	tickN(t, h, 1)
	writeFile(t, flee, fleeSequence)
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[BTParallel/BTBehaviorTreeReference[1]@ai/flee.lua]"; fmt.Sprint(rep.Rebuilt) != want {
		t.Fatalf("rebuilt %v, want %s", rep.Rebuilt, want)
	}
	out.Reset()
	tickN(t, h, 1)
	if want := "new\nv1\t1\tnil\nmine\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}

// A structural change of a referenced file rebuilds only the subtree that
// uses it: in a running tree, the other tasks keep their state; in a tree
// that had completed, the subtree is swapped and the tree runs again, as
// a completed tree rebuilt by its script's reload does (issue 21: the
// report named the subtree rebuilt, but the tree never ran it).
func TestReferenceReloadRebuildsOnlyTheSubtree(t *testing.T) {
	const counter = `
Count = BTAction:New()
function Count:OnUpdate()
  self.n = (self.n or 0) + 1
  print("count", self.n)
  return BTTaskStatus.Running
end
`
	h, dir, out := referenceHost(t, map[string]string{
		"guard.lua": counter + `
local s = BTParallel:New()
s:AddChild(Count:New())
s:AddChild(BTBehaviorTreeReference:New("ai/flee.lua", { speed = 3 }))
s:AddChild(BTBehaviorTreeReference:New("ai/other.lua"))
return s
`,
		"ai/flee.lua":  fleeV1,
		"ai/other.lua": counter + "return Count:New()\n",
	})
	tickN(t, h, 2)
	flee := filepath.Join(dir, "ai", "flee.lua")
	writeFile(t, flee, fleeSequence)
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	if want := "[BTParallel/BTBehaviorTreeReference[2]@ai/flee.lua]"; fmt.Sprint(rep.Rebuilt) != want {
		t.Fatalf("running tree: rebuilt %v, want %s", rep.Rebuilt, want)
	}
	out.Reset()
	tickN(t, h, 1)
	if want := "count\t3\nnew\nv1\t1\t3\ncount\t3\n"; out.String() != want {
		t.Fatalf("running tree after the reload: %q, want %q", out.String(), want)
	}
}

func TestReferenceReloadRunsCompletedTreeAgain(t *testing.T) {
	h, dir, out := referenceHost(t, map[string]string{
		"guard.lua":   "local s = BTSequence:New()\ns:AddChild(BTLog:New(\"guard\"))\ns:AddChild(BTBehaviorTreeReference:New(\"ai/flee.lua\"))\nreturn s\n",
		"ai/flee.lua": "return BTLog:New(\"flee v1\")\n",
	})
	tickN(t, h, 2)
	if !h.Done() {
		t.Fatal("the tree did not complete")
	}
	flee := filepath.Join(dir, "ai", "flee.lua")
	// The same structure keeps the completed tree as it is.
	writeFile(t, flee, "return BTLog:New(\"flee v1\") -- saved again\n")
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rebuilt) != 0 || !h.Done() {
		t.Fatalf("same structure: rebuilt %q, done %v; want none, true", rep.Rebuilt, h.Done())
	}
	writeFile(t, flee, "local s = BTSequence:New()\ns:AddChild(BTLog:New(\"flee v2a\"))\ns:AddChild(BTLog:New(\"flee v2b\"))\nreturn s\n")
	if rep, err = h.Reload(flee); err != nil {
		t.Fatal(err)
	}
	if want := "[BTSequence/BTBehaviorTreeReference[2]@ai/flee.lua]"; fmt.Sprint(rep.Rebuilt) != want {
		t.Fatalf("rebuilt %v, want %s", rep.Rebuilt, want)
	}
	if h.Done() {
		t.Fatal("after the rebuild the completed tree is still done; want it to run again")
	}
	tickN(t, h, 2)
	if want := "guard\nflee v1\nguard\nflee v2a\nflee v2b\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}

// A host, sharded or not, watches a referenced file (once, whichever
// shards load it), and a save the watcher reports rebuilds the subtrees
// of every shard at the next tick, from the text the watcher read: the
// file is not read again (an editor may be writing it again; here it
// still holds the old text, which rebuilt nothing before).
func TestReferenceWatchRebuilds(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprint("shards", shards), func(t *testing.T) { referenceWatch(t, shards) })
	}
}

func referenceWatch(t *testing.T, shards int) {
	dir := writeTree(t, map[string]string{"guard.lua": refGuard, "ai/flee.lua": fleeV1})
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Shards: shards})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	w := &fakeWatcher{}
	if err := h.Watch(w); err != nil {
		t.Fatal(err)
	}
	guard, flee := filepath.Join(dir, "guard.lua"), filepath.Join(dir, "ai", "flee.lua")
	for range 2 {
		if _, err := h.LoadFile(guard); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := fmt.Sprint(w.added), fmt.Sprint([]string{guard, flee}); got != want {
		t.Fatalf("watched %s, want %s", got, want)
	}
	if got := tickOut(t, h, &out); got != "v1\t1\t3\nv1\t1\t3\n" {
		t.Fatalf("tick 1: %q", got)
	}
	w.changes = []Change{{Path: flee, Text: []byte(fleeSequence)}}
	if got, want := tickOut(t, h, &out), "new\nv1\t1\t3\nnew\nv1\t1\t3\n"; got != want {
		t.Fatalf("tick 2, after the save: %q, want %q", got, want)
	}
}

// Closing the host forgets the references of every agent's tree.
func TestReferenceUsesForgottenAtClose(t *testing.T) {
	h, dir, _ := referenceHost(t, map[string]string{"guard.lua": refGuardTwice, "ai/flee.lua": fleeV1})
	tickN(t, h, 1)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if n := refCount(h, filepath.Join(dir, "ai", "flee.lua")); n != 0 {
		t.Fatalf("after Close: %d references to flee.lua, want 0", n)
	}
}

// A reference that Go code gave a tree of its own (bt.TreeReference's
// SetTree) no longer runs its file's tree: a reload of the file leaves
// the Go tree in place.
func TestReferenceGoSetTreeKept(t *testing.T) {
	h, dir, out := referenceHost(t, map[string]string{"guard.lua": refGuard, "ai/flee.lua": fleeV1})
	ref := bt.AsTreeReference(h.Agents()[0].Root().(bt.ParentTask).Children()[0])
	if ref == nil {
		t.Fatal("the guard's first child is not a tree reference")
	}
	ticks := 0
	if err := ref.SetTree(bt.NewFuncAction(func() bt.Status { ticks++; return bt.Running })); err != nil {
		t.Fatal(err)
	}
	tickN(t, h, 1)
	flee := filepath.Join(dir, "ai", "flee.lua")
	writeFile(t, flee, fleeSequence)
	rep, err := h.Reload(flee)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rebuilt) != 0 || refCount(h, flee) != 0 {
		t.Fatalf("rebuilt %q, %d references to flee.lua; want none, 0", rep.Rebuilt, refCount(h, flee))
	}
	tickN(t, h, 1)
	if ticks != 2 || out.Len() != 0 {
		t.Fatalf("the Go tree ticked %d times, output %q; want 2, none", ticks, out.String())
	}
}
