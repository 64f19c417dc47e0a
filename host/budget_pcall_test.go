package host

import (
	"testing"
	"time"
)

// pcall, xpcall and coroutine.resume cannot hand the budget error back as
// a value when no instruction runs after them: they raise it, with the
// file:line that called them (where the VM would have raised it at the
// next instruction), and the tick fails with it (it used to fail with
// "OnUpdate returned false").
func TestBudgetPcallReturned(t *testing.T) {
	const head = "Bad = BTAction:New()\nBad.name = \"Bad\"\nlocal function spin() while true do end end\n"
	for name, c := range map[string]struct{ body, line string }{
		"return pcall": {"function Bad:OnUpdate()\n  return pcall(spin)\nend\n", ":5:"},
		// The handler runs past the budget: the VM cuts it (line 5).
		"return xpcall":      {"function Bad:OnUpdate()\n  return xpcall(spin, function(e) return e end)\nend\n", ":5:"},
		"return resume":      {"function Bad:OnUpdate()\n  return coroutine.resume(coroutine.create(spin))\nend\n", ":5:"},
		"nested pcall":       {"function Bad:OnUpdate()\n  return pcall(pcall, spin)\nend\n", ":5:"},
		"pcall in coroutine": {"function Bad:OnUpdate()\n  return coroutine.resume(coroutine.create(function() return pcall(spin) end))\nend\n", ":5:"},
		"tail recursion": {"function Bad:OnUpdate()\n  local function f(n) if n == 0 then return 0 end return f(n-1) end\n" +
			"  return pcall(f, 5e9)\nend\n", ":6:"},
	} {
		t.Run(name, func(t *testing.T) {
			h, _ := newBudgetHost(t, 200*time.Millisecond)
			path := writeScript(t, head+c.body+"local tree = BTBehaviorTree:New(); tree:SetStartTask(Bad:New()); return tree\n")
			if _, err := h.LoadFile(path); err != nil {
				t.Fatal(err)
			}
			err := h.Tick(0.1)
			want := path + c.line + " CPU budget of 200ms exceeded (task Bad; tick of agent BTBehaviorTree, " + path + " return value 1)"
			if err == nil || err.Error() != want {
				t.Fatalf("error\n%v\nwant\n%s", err, want)
			}
		})
	}
}

// An ordinary error that pcall, xpcall or coroutine.resume catches under a
// budget is still caught, its message unchanged.
func TestBudgetPcallOrdinaryErrorCaught(t *testing.T) {
	h, out := newBudgetHost(t, 200*time.Millisecond)
	path := writeScript(t, `return BTActionUniversal:New(nil, function()
  print(pcall(error, "plain"))
  print(xpcall(function() error({}) end, function(e) return type(e) end))
  print(coroutine.resume(coroutine.create(function() error("in co") end)))
  print(pcall(nil))
  return BTTaskStatus.Success
end)
`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	want := "false\t" + path + ":2: plain\nfalse\ttable\nfalse\t" + path + ":4: in co\nfalse\tattempt to call a nil value\n"
	if out.String() != want {
		t.Errorf("output\n%q\nwant\n%q", out.String(), want)
	}
}
