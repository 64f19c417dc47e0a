// Package warrior is the warrior-AI benchmark of issue 9: the tree of the
// behavior-tree design seed (bt-design-warrior.txt: patrol, alert, run
// away, attack, crazy attack, with composite preconditions) for many
// agents, written four ways that must produce the same action histogram
// from the same world: a plain-Lua tree in the seeds' class style
// (plain.lua, also run on PUC Lua 5.1 and LuaJIT by run.sh) and three
// btlua trees (btlua.lua). See BENCHMARKS.md, "Warrior AI at scale".
package warrior

// parkMiller is the modulus of the Park-Miller generator; products of a
// state and 16807 stay below 2^46, exact in Lua's doubles.
const parkMiller = 2147483647

// World is one agent's situation: its health, the distance to the enemy
// and whether the enemy is visible. It changes every Period ticks, drawn
// from the agent's own generator, exactly as plain.lua's draw.
type World struct {
	seed     int64
	Period   int
	Health   int // 0..999
	Distance int // 0..99
	Visible  bool
}

// NewWorld returns agent i's world (i from 0) after its first draw.
func NewWorld(i int) World {
	w := World{seed: 1 + int64(i)*48271%(parkMiller-1), Period: 3 + i%5}
	w.Draw()
	return w
}

// Draw moves the world to its next situation.
func (w *World) Draw() {
	s := w.seed * 16807 % parkMiller
	w.Health = int(s % 1000)
	s = s * 16807 % parkMiller
	w.Distance = int(s % 100)
	s = s * 16807 % parkMiller
	w.Visible = s%2 == 0
	w.seed = s
}

// Changes reports whether agent i's world changes before tick (from 1).
func (w *World) Changes(i, tick int) bool { return (tick+i)%w.Period == 0 }

// Actions are the warrior's actions, in histogram order.
var Actions = []string{"patrol", "alert", "run away", "crazy attack", "attack"}
