package host_test

import (
	"embed"
	"fmt"
	"io/fs"
	"log"
	"testing/fstest"

	"github.com/btlua/btlua/host"
)

// World is a game's world, handed to scripts as a Go value.
type World struct{}

// MoveTo moves who to a waypoint.
func (w *World) MoveTo(who string, waypoint int) {
	fmt.Printf("%s moves to waypoint %d\n", who, waypoint)
}

// Embed the host, give scripts a Go value, load a script from disk and
// tick its tree at 60 Hz until it has completed.
func Example() {
	h, err := host.New(host.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("world", &World{}) // any Go value, through gopher-luar
	if _, err := h.LoadFile("testdata/guard.lua"); err != nil {
		log.Fatal(err)
	}
	for !h.Done() {
		if err := h.Tick(1.0 / 60); err != nil {
			log.Print(err) // a failing tree stops; the others go on
		}
	}
	// Output:
	// guard moves to waypoint 1
	// guard moves to waypoint 2
	// guard moves to waypoint 3
	// patrol done
}

//go:embed testdata/ai
var embedded embed.FS

// Load scripts embedded in the program (any fs.FS: go:embed, an archive,
// fstest.MapFS): require and dofile look in the same FS.
func ExampleOptions_embedded() {
	scripts, err := fs.Sub(embedded, "testdata/ai")
	if err != nil {
		log.Fatal(err)
	}
	h, err := host.New(host.Options{FS: scripts})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile("sentry.lua"); err != nil { // requires lib/alarm.lua
		log.Fatal(err)
	}
	for !h.Done() {
		if err := h.Tick(0.1); err != nil {
			log.Print(err)
		}
	}
	// Output:
	// alarm at 0.6 s
}

// npcScript is a spawned script: a class, defined once, and a factory
// that builds each NPC's tree from its arguments.
const npcScript = `
Wander = BTAction:New()
function Wander:OnUpdate()
    local hp = self:GetVariable("hp") - self.drain
    self:SetVariable("hp", hp)
    if hp <= 0 then return BTTaskStatus.Success end
    return BTTaskStatus.Running
end

return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("hp", args.hp)
    local wander = Wander:New()
    wander.drain = args.drain
    tree:SetStartTask(wander)
    return tree
end
`

// Spawn 1000 agents from one script, each with its own arguments. The
// script runs once; its factory builds each agent's tree.
func ExampleHost_Spawn() {
	h, err := host.New(host.Options{FS: fstest.MapFS{"npc.lua": {Data: []byte(npcScript)}}})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	for i := range 1000 {
		args := map[string]any{"name": fmt.Sprintf("npc%d", i), "hp": 100, "drain": 1 + i%4}
		if _, err := h.Spawn("npc.lua", args); err != nil {
			log.Fatal(err)
		}
	}
	done := map[int]int{} // tick -> agents whose tree completed in it
	ended := map[*host.Agent]bool{}
	for tick := 1; !h.Done(); tick++ {
		if err := h.Tick(0.1); err != nil {
			log.Fatal(err)
		}
		for _, a := range h.Agents() {
			if !a.Running() && !ended[a] {
				ended[a] = true
				done[tick]++
			}
		}
	}
	fmt.Println(len(h.Agents()), "agents")
	fmt.Println("done at tick 25, 34, 50, 100:", done[25], done[34], done[50], done[100])
	fmt.Println(h.Agents()[7].Name(), h.Agents()[7].Status(), h.Agents()[7].Get("hp"))
	// Output:
	// 1000 agents
	// done at tick 25, 34, 50, 100: 250 250 250 250
	// npc7 Success 0
}

// Target is a game object kept on a blackboard.
type Target struct {
	Name string
	X, Y float64
}

// Read and write an agent's blackboard from Go with Go types, and hear
// its changes.
func ExampleAgent_blackboard() {
	h, err := host.New(host.Options{FS: fstest.MapFS{"hunter.lua": {Data: []byte(`
Hunt = BTAction:New()
function Hunt:OnUpdate()
    local target = self:GetVariable("target") -- the Go *Target
    local ammo = self:GetVariable("ammo") - 1
    self:SetVariable("ammo", ammo)
    if ammo > 0 then return BTTaskStatus.Running end
    self:SetVariable("report", { hit = target.Name, at = { target.X, target.Y } })
    return BTTaskStatus.Success
end
return Hunt:New()
`)}}})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile("hunter.lua")
	if err != nil {
		log.Fatal(err)
	}
	hunter := agents[0]
	wolf := &Target{Name: "wolf", X: 3, Y: 4}
	hunter.Set("target", wolf) // stays the Go value: scripts use its fields
	hunter.Set("ammo", 2)
	hunter.OnChange(func(name string, old, new any) {
		fmt.Printf("%s: %v -> %v\n", name, old, new)
	})
	for !h.Done() {
		if err := h.Tick(0.1); err != nil {
			log.Fatal(err)
		}
	}
	ammo, _ := hunter.GetFloat("ammo")
	report := hunter.Get("report").(map[string]any) // a Lua table as a map
	fmt.Println(ammo, report["hit"], report["at"], hunter.Get("target") == wolf)
	if _, err := hunter.GetString("ammo"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// ammo: 2 -> 1
	// ammo: 1 -> 0
	// report: <nil> -> map[at:[3 4] hit:wolf]
	// 0 wolf [3 4] true
	// tree Hunt: variable "ammo" is 0 (a number), not a string
}
