package host

import (
	"fmt"
	"testing"
	"testing/fstest"
	"time"
)

// agentErrorScripts: a factory whose agent 2 raises an error and whose
// agent 3 runs over the CPU budget; named.lua names each tree.
var agentErrorScripts = fstest.MapFS{
	"fac.lua": {Data: []byte(`return function(args)
  local a = BTAction:New()
  a.name = "A"
  function a:OnUpdate()
    if args.index == 2 then error("boom") end
    if args.index == 3 then while true do end end
    return BTTaskStatus.Running
  end
  return a
end
`)},
	"named.lua": {Data: []byte(`return function(args)
  local a = BTAction:New()
  a.name = "A"
  function a:OnUpdate() error("boom") end
  local tree = BTBehaviorTree:New()
  tree.name = "guard" .. args.index
  tree:SetStartTask(a)
  return tree
end
`)},
	"two.lua": {Data: []byte(`local a = BTAction:New()
a.name = "A"
function a:OnUpdate() error("boom") end
return {a, BTIdle:New()}
`)},
	"one.lua": {Data: []byte(`local a = BTAction:New()
a.name = "A"
function a:OnUpdate() error("boom") end
return a
`)},
}

// With several agents of one script (spawned, or loaded more than once),
// a tick error of an agent whose tree has no name of its own names the
// agent by its number in Agents() (from 1), as the CPU budget's error
// does; a named tree is named by its tree, and the errors of a script
// loaded once (a lone agent, or a list of trees) are unchanged. Classic
// and sharded hosts alike.
func TestTickErrorNamesAgent(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: agentErrorScripts, Budget: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			for i := 1; i <= 3; i++ {
				if _, err := h.Spawn("fac.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			err = h.Tick(0.1)
			want := "fac.lua:5: boom (agent 2, task A)\n" +
				"fac.lua:6: CPU budget of 20ms exceeded (task A; tick of agent 3, fac.lua factory return value 1)"
			if err == nil || err.Error() != want {
				t.Errorf("spawned agents: got\n%v\nwant\n%s", err, want)
			}
			if got := h.Agents()[1].Err(); got == nil || got.Error() != "fac.lua:5: boom (agent 2, task A)" {
				t.Errorf("agent 2's Err: %v", got)
			}

			n, err := New(Options{Shards: shards, FS: agentErrorScripts})
			if err != nil {
				t.Fatal(err)
			}
			defer n.Close()
			for i := 1; i <= 2; i++ {
				if _, err := n.Spawn("named.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			err = n.Tick(0.1)
			want = "named.lua:4: boom (tree guard1, task A)\nnamed.lua:4: boom (tree guard2, task A)"
			if err == nil || err.Error() != want {
				t.Errorf("named trees: got\n%v\nwant\n%s", err, want)
			}

			one, err := New(Options{Shards: shards, FS: agentErrorScripts})
			if err != nil {
				t.Fatal(err)
			}
			defer one.Close()
			if _, err := one.LoadFile("one.lua"); err != nil {
				t.Fatal(err)
			}
			if _, err := one.LoadFile("two.lua"); err != nil {
				t.Fatal(err)
			}
			err = one.Tick(0.1)
			if want := "one.lua:3: boom (task A)\ntwo.lua:3: boom (task A)"; err == nil || err.Error() != want {
				t.Errorf("scripts loaded once: got %v, want %s", err, want)
			}

			twice, err := New(Options{Shards: shards, FS: agentErrorScripts})
			if err != nil {
				t.Fatal(err)
			}
			defer twice.Close()
			for range 2 {
				if _, err := twice.LoadFile("one.lua"); err != nil {
					t.Fatal(err)
				}
			}
			err = twice.Tick(0.1)
			if want := "one.lua:3: boom (agent 1, task A)\none.lua:3: boom (agent 2, task A)"; err == nil || err.Error() != want {
				t.Errorf("a script loaded twice: got %v, want %s", err, want)
			}
		})
	}
}
