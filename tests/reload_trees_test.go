package tests

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// npcScript is one NPC's tree: a Walker that starts counting at the
// blackboard's "start" and prints "<npc> <tag> <steps>" each tick. With
// extra, the Walker runs in a sequence with a log after it (another
// structure).
func npcScript(tag string, extra bool) string {
	s := `Walker = BTAction:New()
function Walker:OnStart() self.steps = self:GetVariable("start") end
function Walker:OnUpdate()
    self.steps = self.steps + 1
    print(self:GetVariable("npc") .. " ` + tag + ` " .. self.steps)
    return BTTaskStatus.Running
end
function Walker:OnEnd() print(self:GetVariable("npc") .. " end") end
local tree = BTBehaviorTree:New()
`
	if extra {
		return s + `local seq = BTSequence:New()
seq:AddChild(Walker:New())
seq:AddChild(BTLog:New("arrived"))
tree:SetStartTask(seq)
return tree
`
	}
	return s + "tree:SetStartTask(Walker:New())\nreturn tree\n"
}

// A script loaded once per NPC (1000 LoadFile calls, one agent each) and
// then reloaded keeps its 1000 agents: a change of class code keeps each
// agent's tree and state (its own step count) and runs the new code in
// all of them; a change of structure rebuilds each agent's tree from its
// own run of the script, with its own blackboard carried across.
func TestReloadScriptLoadedManyTimes(t *testing.T) {
	const n = 1000
	r := newReloadHarness(t, map[string]string{"npc.lua": npcScript("v1", false), "main.lua": "return nil\n"}, "main.lua")
	path := filepath.Join(r.dir, "npc.lua")
	for i := 0; i < n; i++ {
		agents, err := r.h.LoadFile(path)
		if err != nil || len(agents) != 1 {
			t.Fatalf("load %d: %d agents, err %v", i, len(agents), err)
		}
		agents[0].Set("npc", fmt.Sprintf("npc%d", i))
		agents[0].Set("start", 10*i)
	}
	want := func(tag string, step func(i int) int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "npc%d %s %d\n", i, tag, step(i))
		}
		return b.String()
	}
	if got := r.tick(); got != want("v1", func(i int) int { return 10*i + 1 }) {
		t.Fatalf("first tick: %.200q", got)
	}
	trees := map[*host.Agent]any{}
	for _, a := range r.h.Agents() {
		trees[a] = a.Root()
	}

	r.write("npc.lua", npcScript("v2", false))
	if printed, err := r.waitReload(); err != nil || printed != want("v2", func(i int) int { return 10*i + 2 }) {
		t.Fatalf("class-level reload: err %v, printed %.300q", err, printed)
	}
	if got := len(r.h.Agents()); got != n {
		t.Fatalf("%d agents after a class-level reload, want %d", got, n)
	}
	for _, a := range r.h.Agents() {
		if trees[a] != a.Root() {
			t.Fatal("a class-level reload replaced an agent's tree")
		}
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/npc.lua in T: classes Walker (changed Walker.OnUpdate); running trees kept\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}

	r.write("npc.lua", npcScript("v3", true))
	printed, err := r.waitReload()
	var wantOut strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&wantOut, "npc%d end\n", i)
	}
	wantOut.WriteString(want("v3", func(i int) int { return 10*i + 1 }))
	if err != nil || printed != wantOut.String() {
		t.Fatalf("structure-level reload: err %v, printed %.300q", err, printed)
	}
	if got := len(r.h.Agents()); got != n {
		t.Fatalf("%d agents after a structure-level reload, want %d", got, n)
	}
	for i, a := range r.h.Agents() {
		if v := a.Get("npc"); v != fmt.Sprintf("npc%d", i) {
			t.Fatalf("agent %d: blackboard npc = %v", i, v)
		}
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/npc.lua in T: classes Walker (changed Walker.OnUpdate); trees rebuilt: BTBehaviorTree ×1000\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// deepScript nests depth sequences and puts a log with message msg at
// the bottom, below a Running leaf that keeps the tree alive.
func deepScript(depth int, msg string) string {
	return fmt.Sprintf(`Hold = BTAction:New()
function Hold:OnUpdate() print("hold") return BTTaskStatus.Running end
local root = BTSequence:New()
local cur = root
for i = 1, %d do
    local s = BTSequence:New()
    cur:AddChild(s)
    cur = s
end
local sel = BTSelector:New()
sel:AddChild(BTLog:New(%q))
cur:AddChild(sel)
root:AddChild(Hold:New())
return root
`, depth, msg)
}

// A change of structure 300 tasks deep is a change of structure: the tree
// is rebuilt and logs the new message.
func TestReloadDeepStructure(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"deep.lua": deepScript(300, "old")}, "deep.lua")
	if got := r.tick(); got != "old\nhold\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("deep.lua", deepScript(300, "new"))
	if printed, err := r.waitReload(); err != nil || printed != "new\nhold\n" {
		t.Fatalf("err %v, printed %q; want the tree rebuilt with the new message", err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/deep.lua in T: classes Hold (no code changed); trees rebuilt: BTSequence\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// twoTrees returns the trees named in names, each a Named leaf printing
// its tree's name each tick.
func twoTrees(names ...string) string {
	s := `Named = BTAction:New()
function Named:OnUpdate() print(self.label) return BTTaskStatus.Running end
function Named:OnEnd() print("end " .. self.label) end
local function make(label)
    local leaf = Named:New()
    leaf.label = label
    local tree = BTBehaviorTree:New()
    tree.name = label
    tree:SetStartTask(leaf)
    return tree
end
`
	if len(names) == 0 {
		return s
	}
	return s + `return { make("` + strings.Join(names, `"), make("`) + `") }
`
}

// A reload after which the script returns fewer trees halts and removes
// the trees it no longer returns and says so; the trees it still returns
// in the same place with the same structure keep running.
func TestReloadFewerTrees(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"ai.lua": twoTrees("guard", "scout")}, "ai.lua")
	if got := r.tick(); got != "guard\nscout\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("ai.lua", twoTrees("guard"))
	if printed, err := r.waitReload(); err != nil || printed != "end scout\nguard\n" {
		t.Fatalf("err %v, printed %q; want scout ended and guard kept", err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/ai.lua in T: classes Named (no code changed); trees removed: scout\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got := len(r.h.Agents()); got != 1 || r.h.Agents()[0].Name() != "guard" {
		t.Fatalf("%d agents, want guard alone", got)
	}

	r.write("ai.lua", twoTrees())
	if printed, err := r.waitReload(); err != nil || printed != "end guard\n" {
		t.Fatalf("err %v, printed %q; want guard ended", err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/ai.lua in T: classes Named (no code changed); trees removed: guard\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got := len(r.h.Agents()); got != 0 {
		t.Fatalf("%d agents, want none", got)
	}

	// The script returns trees again: they start.
	r.write("ai.lua", twoTrees("guard", "scout"))
	if printed, err := r.waitReload(); err != nil || printed != "guard\nscout\n" {
		t.Fatalf("err %v, printed %q; want both trees started", err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/ai.lua in T: classes Named (no code changed); trees started: guard, scout\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// A task class reassigned to a value that is not a table has vanished
// like a class no longer defined: the reload is refused and the old code
// keeps running. The same holds for a module whose value was a class.
func TestReloadClassReassigned(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"speaker.lua": speaker("v1"), "main.lua": speakerMain}, "main.lua")
	r.tick()
	r.write("speaker.lua", speaker("v2")+"Speaker = 5\n")
	printed, err := r.waitReload()
	if err == nil || err.Error() != filepath.Join(r.dir, "speaker.lua")+": Speaker is now 5 (a number), not a class; running tasks may use it, so nothing is reloaded (restart to remove a class)" {
		t.Fatalf("err = %v", err)
	}
	if printed != "v1 2\n" {
		t.Errorf("printed %q, want the old code running", printed)
	}
	if _, ok := r.h.GetGlobal("Speaker").(map[string]any); !ok {
		t.Errorf("Speaker = %v after the refused reload", r.h.GetGlobal("Speaker"))
	}
	r.stderr()

	// A module that returned its class and now returns something else.
	r2 := newReloadHarness(t, map[string]string{
		"talker.lua": "local Talker = BTAction:New()\nfunction Talker:OnUpdate() print(\"talk\") return BTTaskStatus.Running end\nreturn Talker\n",
		"main.lua":   "return require(\"talker\"):New()\n",
	}, "main.lua")
	if got := r2.tick(); got != "talk\n" {
		t.Fatalf("before reload: %q", got)
	}
	r2.write("talker.lua", "return function() end\n")
	printed, err = r2.waitReload()
	if err == nil || err.Error() != filepath.Join(r2.dir, "talker.lua")+": module talker now returns a function, not its class; running tasks may use it, so nothing is reloaded (restart to remove a class)" {
		t.Fatalf("err = %v", err)
	}
	if printed != "talk\n" {
		t.Errorf("printed %q, want the old code running", printed)
	}
}

// A script loaded twice whose reload changes structure runs once per
// load; when the second run fails, the first run's merge is undone too:
// both agents keep their trees, the class its old code, and the global
// the runs count in its old value.
func TestReloadManyLoadsFailingRun(t *testing.T) {
	script := func(tag string, extra bool) string {
		return "Runs = (Runs or 0) + 1\nif Runs == 4 then error(\"run \" .. Runs) end\n" + npcScript(tag, extra)
	}
	r := newReloadHarness(t, map[string]string{"npc.lua": script("v1", false)}, "npc.lua")
	agents, err := r.h.LoadFile(filepath.Join(r.dir, "npc.lua"))
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range append(r.h.Agents()[:1:1], agents...) {
		a.Set("npc", fmt.Sprintf("npc%d", i))
		a.Set("start", 10*i)
	}
	if got := r.tick(); got != "npc0 v1 1\nnpc1 v1 11\n" {
		t.Fatalf("before reload: %q", got)
	}
	trees := []any{r.h.Agents()[0].Root(), r.h.Agents()[1].Root()}
	r.write("npc.lua", script("v2", true))
	printed, err := r.waitReload()
	if err == nil || err.Error() != filepath.Join(r.dir, "npc.lua")+":2: run 4" {
		t.Fatalf("err = %v, want the second run's error", err)
	}
	if printed != "npc0 v1 2\nnpc1 v1 12\n" {
		t.Errorf("printed %q, want the old trees running the old code", printed)
	}
	if got := len(r.h.Agents()); got != 2 || r.h.Agents()[0].Root() != trees[0] || r.h.Agents()[1].Root() != trees[1] {
		t.Errorf("%d agents, trees replaced: want the two old trees", got)
	}
	if v := r.h.GetGlobal("Runs"); v != 2.0 {
		t.Errorf("Runs = %v, want 2 (the failed reload's runs undone)", v)
	}
}
