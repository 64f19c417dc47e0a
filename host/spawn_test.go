package host

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/stdlib/bt"
)

// npcFactory is a spawned script: a class defined once, and a factory
// whose tree has a Walker per waypoint of its args (then, with extra, a
// log), named after args.name. The script prints "script ran" when it
// runs, and the Walker prints word with its agent's name and step.
func npcFactory(word string, extra bool) string {
	s := `print("script ran")
Walker = BTAction:New()
Walker.name = "walker"
function Walker:OnStart() self.n = 0; print(self:GetVariable("who") .. " start " .. self.point) end
function Walker:OnUpdate()
    self.n = self.n + 1
    print(self:GetVariable("who") .. " ` + word + ` " .. self.point .. " " .. self.n)
    if self.n < 2 then return BTTaskStatus.Running end
    return BTTaskStatus.Success
end
function Walker:OnEnd() print(self:GetVariable("who") .. " end " .. self.point) end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("who", args.name)
    local seq = BTSequence:New()
    for _, p in ipairs(args.points) do
        local w = Walker:New()
        w.point = p
        seq:AddChild(w)
    end
`
	if extra {
		s += "    seq:AddChild(BTLog:New(args.name .. \" done\"))\n"
	}
	return s + "    tree:SetStartTask(seq)\n    return tree\nend\n"
}

// tickOut ticks h once and returns what the scripts printed.
func tickOut(t *testing.T, h *Host, out *bytes.Buffer) string {
	t.Helper()
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	out.Reset()
	return s
}

// Spawn runs the script once and calls its factory with each agent's own
// arguments (a map with a slice, converted to Lua tables).
func TestSpawnArguments(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fstest.MapFS{"npc.lua": {Data: []byte(npcFactory("walks", false))}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	a, err := h.Spawn("npc.lua", map[string]any{"name": "ann", "points": []string{"gate"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Spawn("npc.lua", map[string]any{"name": "bob", "points": []any{"well", "barn"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "script ran\n" {
		t.Fatalf("after two spawns: %q, want one run of the script", got)
	}
	out.Reset()
	if len(h.Agents()) != 2 || h.Agents()[0] != a || h.Agents()[1] != b || a.Name() != "ann" || b.Name() != "bob" {
		t.Fatalf("agents %v", h.Agents())
	}
	want := []string{
		"ann start gate\nann walks gate 1\nbob start well\nbob walks well 1\n",
		"ann walks gate 2\nann end gate\nbob walks well 2\nbob end well\nbob start barn\nbob walks barn 1\n",
		"bob walks barn 2\nbob end barn\n",
	}
	wantStatus := [][2]bt.Status{{bt.Running, bt.Running}, {bt.Success, bt.Running}, {bt.Success, bt.Success}}
	for i := range want {
		if got := tickOut(t, h, &out); got != want[i] {
			t.Errorf("tick %d: %q\nwant %q", i+1, got, want[i])
		}
		if got := [2]bt.Status{a.Status(), b.Status()}; got != wantStatus[i] {
			t.Errorf("tick %d: statuses %v, want %v", i+1, got, wantStatus[i])
		}
	}
	if !h.Done() {
		t.Error("not done")
	}
}

// A Go value given to Spawn reaches the factory through gopher-luar: its
// fields and methods, the same object.
func TestSpawnGoValue(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fstest.MapFS{"g.lua": {Data: []byte(`return function(g)
    g:Alert("spawned " .. g.Name)
    return BTLog:New(g.Name .. " " .. g.HP)
end`)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g := &guard{Name: "Bram", HP: 30}
	if _, err := h.Spawn("g.lua", g); err != nil {
		t.Fatal(err)
	}
	if got := tickOut(t, h, &out); got != "Bram 30\n" || strings.Join(g.alerts, ",") != "spawned Bram" {
		t.Errorf("printed %q, alerts %v", got, g.alerts)
	}
}

// 1000 spawned agents survive reloads: a change of class code keeps
// every tree and its state; a change of structure rebuilds each agent
// from its own arguments, ending the old run and carrying the blackboard.
func TestSpawnReload(t *testing.T) {
	const n = 1000
	var out bytes.Buffer
	fsys := fstest.MapFS{"npc.lua": {Data: []byte(npcFactory("v1", false))}}
	h, err := New(Options{Stdout: &out, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for i := range n {
		points := []string{"p"}
		if i%2 == 1 {
			points = append(points, "q")
		}
		if _, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprintf("npc%d", i), "points": points}); err != nil {
			t.Fatal(err)
		}
	}
	lines := func(f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	out.Reset()
	if got, want := tickOut(t, h, &out), lines(func(i int) string { return fmt.Sprintf("npc%d start p\nnpc%d v1 p 1\n", i, i) }); got != want {
		t.Fatalf("tick 1: %.200q", got)
	}
	trees := map[*Agent]any{}
	for _, a := range h.Agents() {
		trees[a] = a.tree()
	}

	fsys["npc.lua"] = &fstest.MapFile{Data: []byte(npcFactory("v2", false))}
	rep, err := h.Reload("npc.lua")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rebuilt) != 0 || strings.Join(rep.Changed, ",") != "Walker.OnUpdate" {
		t.Errorf("class-level report: %s", rep)
	}
	if got := out.String(); got != "script ran\n" {
		t.Errorf("class-level reload printed %.200q, want one run of the script", got)
	}
	out.Reset()
	for _, a := range h.Agents() {
		if trees[a] != a.tree() {
			t.Fatal("a class-level reload replaced a tree")
		}
	}
	if got, want := tickOut(t, h, &out), lines(func(i int) string {
		if i%2 == 1 {
			return fmt.Sprintf("npc%d v2 p 2\nnpc%d end p\nnpc%d start q\nnpc%d v2 q 1\n", i, i, i, i)
		}
		return fmt.Sprintf("npc%d v2 p 2\nnpc%d end p\n", i, i)
	}); got != want {
		t.Fatalf("tick 2 after a class-level reload: %.200q", got)
	}

	fsys["npc.lua"] = &fstest.MapFile{Data: []byte(npcFactory("v3", true))}
	out.Reset()
	if rep, err = h.Reload("npc.lua"); err != nil {
		t.Fatal(err)
	}
	if len(rep.Rebuilt) != n || rep.Rebuilt[0] != "npc0" || rep.Rebuilt[n-1] != fmt.Sprintf("npc%d", n-1) {
		t.Errorf("structure-level report: %d rebuilt", len(rep.Rebuilt))
	}
	// The odd agents were running (their q walker had started); the
	// rebuilt trees start from their own arguments.
	ended := lines(func(i int) string {
		if i%2 == 1 {
			return fmt.Sprintf("npc%d end q\n", i)
		}
		return ""
	})
	if got := out.String(); got != "script ran\n"+ended {
		t.Errorf("structure-level reload printed %.300q", got)
	}
	out.Reset()
	if got, want := tickOut(t, h, &out), lines(func(i int) string { return fmt.Sprintf("npc%d start p\nnpc%d v3 p 1\n", i, i) }); got != want {
		t.Fatalf("tick 1 of the rebuilt trees: %.200q", got)
	}
	for i, a := range h.Agents() {
		if trees[a] == a.tree() || a.Name() != fmt.Sprintf("npc%d", i) || len(a.tree().Root().(bt.ParentTask).Children()) != 2+i%2 {
			t.Fatalf("agent %d after the structure-level reload: %s", i, a.Name())
		}
	}
}

// Spawn's errors name the file and line and add no agent; a reload whose
// script no longer returns a factory changes nothing.
func TestSpawnErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"table.lua": {Data: []byte("return {}\n")},
		"two.lua":   {Data: []byte("return function() return BTIdle:New(), BTIdle:New() end\n")},
		"none.lua":  {Data: []byte("return function() end\n")},
		"fails.lua": {Data: []byte("return function(args)\n  return args.x.y\nend\n")},
		"shared.lua": {Data: []byte(`return function()
    if not SHARED then SHARED = BTBehaviorTree:New(); SHARED:SetStartTask(BTIdle:New()) end
    return SHARED
end`)},
		"ok.lua": {Data: []byte("return function() return BTIdle:New() end\n")},
	}
	h, err := New(Options{FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, c := range []struct{ path, want string }{
		{"table.lua", "table.lua: Spawn: the script returns a table, not a factory function (end it with return function(args) ... return tree end)"},
		{"two.lua", "two.lua:1: Spawn: the factory returned 2 behavior trees; an agent ticks one (return a tree or a task)"},
		{"none.lua", "none.lua:1: Spawn: the factory returned 0 behavior trees; an agent ticks one (return a tree or a task)"},
		{"fails.lua", "fails.lua:2: attempt to index field 'x' (a nil value)"},
		{"missing.lua", "open missing.lua: file does not exist"},
	} {
		a, err := h.Spawn(c.path, map[string]any{})
		if err == nil || a != nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: err %v\nwant %s", c.path, err, c.want)
		}
	}
	if _, err := h.Spawn("shared.lua", nil); err != nil {
		t.Fatal(err)
	}
	_, err = h.Spawn("shared.lua", nil)
	if want := "shared.lua:1: factory return value 1: the behavior tree SHARED is ticked already, returned by shared.lua"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("shared tree: err %v\nwant %s", err, want)
	}
	_, err = h.LoadFile("ok.lua")
	if want := "ok.lua: return value 1 is a function, not a behavior tree or a task; a script that returns a factory function is started with Host.Spawn (btlua --agents N)"; err == nil || err.Error() != want {
		t.Errorf("LoadFile of a factory script: err %v\nwant %s", err, want)
	}
	if len(h.Agents()) != 1 {
		t.Fatalf("%d agents, want the one shared.lua spawned", len(h.Agents()))
	}
	fsys["shared.lua"] = &fstest.MapFile{Data: []byte("return BTIdle:New()\n")}
	_, err = h.Reload("shared.lua")
	if want := "shared.lua: Spawn: the script returns a table, not a factory function"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("reload without a factory: err %v", err)
	}
	if len(h.Agents()) != 1 || !h.Agents()[0].Running() {
		t.Error("the failed reload changed the agent")
	}
}

// A reload whose new factory fails for one agent's arguments changes
// nothing: every agent keeps its tree and the old code, and the error
// names the file and line.
func TestSpawnReloadFactoryFails(t *testing.T) {
	var out bytes.Buffer
	fsys := fstest.MapFS{"npc.lua": {Data: []byte(npcFactory("v1", false))}}
	h, err := New(Options{Stdout: &out, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, name := range []string{"ann", "bob", "cid"} {
		if _, err := h.Spawn("npc.lua", map[string]any{"name": name, "points": []string{"p"}}); err != nil {
			t.Fatal(err)
		}
	}
	tickOut(t, h, &out)
	trees := []any{h.Agents()[0].tree(), h.Agents()[1].tree(), h.Agents()[2].tree()}
	fsys["npc.lua"] = &fstest.MapFile{Data: []byte(strings.Replace(npcFactory("v2", true),
		"return function(args)\n", "return function(args)\n    if args.name == \"bob\" then error(\"no bob\") end\n", 1))}
	_, err = h.Reload("npc.lua")
	if want := "npc.lua:13: no bob"; err == nil || err.Error() != want {
		t.Fatalf("err %v, want %s", err, want)
	}
	for i, a := range h.Agents() {
		if a.tree() != trees[i] {
			t.Errorf("agent %d: tree replaced by a failed reload", i)
		}
	}
	if got := tickOut(t, h, &out); got != "script ran\nann v1 p 2\nann end p\nbob v1 p 2\nbob end p\ncid v1 p 2\ncid end p\n" {
		t.Errorf("after the failed reload: %q", got)
	}
}
