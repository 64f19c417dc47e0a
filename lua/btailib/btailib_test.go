package btailib_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/btai"
	lua "github.com/yuin/gopher-lua"
	luar "layeh.com/gopher-luar"
)

// With Options.Globals, BT and BTState are the module require("btai") and
// its State; the Behavior Designer module require("bt") has no BTAI in it
// (bt.Sequence is never confused with BT.Sequence).
func TestGlobalsAndModule(t *testing.T) {
	e := newEnv(t)
	v := e.run(`
		local btai = require("btai")
		assert(btai == BT and btai.State == BTState)
		assert(require("bt").BT == nil and require("bt").BTState == nil)
		return table.concat({BTState.Failure, BTState.Success, BTState.Continue, BTState.Abort}, " ")`)
	if v.String() != "Failure Success Continue Abort" {
		t.Fatal(v)
	}
	for s := btai.Failure; s <= btai.Abort; s++ {
		if e.lib.State(s).String() != s.String() {
			t.Fatal(s)
		}
	}
}

// BTAI is opt-in: without Options.Globals there are no BT and BTState
// globals, and require("btai") builds and ticks trees as BT does.
func TestRequireBTAIWithoutGlobals(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var out strings.Builder
	bl, err := btlib.Open(L, btlib.Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := btailib.Open(bl, btailib.Options{Stdout: &out}); err != nil {
		t.Fatal(err)
	}
	err = L.DoString(`
		assert(BT == nil and BTState == nil, "BTAI globals without Options.Globals")
		local btai = require("btai")
		local root = btai.Root():OpenBranch(btai.Log("hi"), btai.Terminate())
		assert(root:Tick() == btai.State.Abort)`)
	if err != nil || out.String() != "hi\n" {
		t.Fatalf("err %v, output %q", err, out.String())
	}
}

func TestSequenceOneChildPerTickAndRootLoop(t *testing.T) {
	e := newEnv(t)
	root := e.run(`
		local n = 0
		local root = BT.Root()
		root:OpenBranch(
			BT.Condition(function() print("test"); return false end),
			BT.Sequence():OpenBranch(
				BT.Call(function() print("a") end),
				BT.Call(function() print("b") end)
			),
			BT.Call(function() print("c") end)
		)
		return root`)
	e.expectTicks(root,
		"Continue|test;a", // the root skips the failed condition within the tick
		"Success|b;c",     // the sequence ends: the root runs c and the pass ends
		"Continue|test;a", // the next pass
	)
}

func TestOpenBranchStyles(t *testing.T) {
	e := newEnv(t)
	v := e.run(`
		local s = BT.Sequence()
		local a, b, c = BT.Log("a"), BT.Log("b"), BT.Log("c")
		assert(s:OpenBranch(a) == s)       -- colon style returns the node
		assert(s.OpenBranch(b) == s)       -- the seed's dot style
		assert(s:Do(c) == s)               -- the seed's older name
		local r = BT:Sequence()            -- BT:X works like BT.X
		return s:ChildCount() .. " " .. s:ActiveChild() .. " " .. tostring(s) .. " " .. r:ChildCount()`)
	if v.String() != "3 0 Sequence : 0/3 0" {
		t.Fatal(v)
	}
	node := e.run(`local s = BT.Sequence(); s:OpenBranch(BT.Log("x"), BT.Log("y")); return s`)
	e.expectTicks(node, "Continue|x", "Success|y")
	if _, ok := btailib.NodeOf(node).(*btai.Sequence); !ok {
		t.Fatal("NodeOf")
	}
}

func TestSelectorShuffleWithScriptedRandom(t *testing.T) {
	e := newEnv(t)
	sel := e.run(`
		local draws = {1, 2, 3, 1, 3, 3}      -- math.random style: 1..n
		BT.SetRandom(function(n) local d = table.remove(draws, 1); print("draw " .. d .. "/" .. n); return d end)
		local function say(s, ok) return BT.Condition(function() print(s); return ok end) end
		return BT.Selector(true):OpenBranch(say("a", false), say("b", false), say("c", true))`)
	e.expectTicks(sel,
		// run 1: n=2: IntN(3)=0 swaps 0 and 2 (c b a); n=1: IntN(2)=1 keeps
		"Success|draw 1/3;draw 2/2;c",
		// run 2: n=2: IntN(3)=2 keeps; n=1: IntN(2)=0 swaps: b c a
		"Continue|draw 3/3;draw 1/2;b",
		"Success|c", // mid-run: no shuffle
	)
	// run 3: the scripted source returns 3 for n = 2: an error.
	_, err := e.tick(sel, 4)
	if err == nil || !strings.Contains(err.Error(), "test.lua:3: the BT.SetRandom function returned 3 (a number) for n = 2, want an integer in 1..2") {
		t.Fatalf("bad draw error: %v", err)
	}
	e.run(`BT.SetRandom(nil)`) // back to the built-in source
	if _, err := e.tick(sel, 5); err != nil {
		t.Fatal(err)
	}
}

func TestRandomSequenceSeeded(t *testing.T) {
	picks := func() string {
		e := newEnv(t)
		rs := e.run(`
			BT.SetRandomSeed(42)
			return BT.RandomSequence({1, 0, 3}):OpenBranch(BT.Log("a"), BT.Log("never"), BT.Log("c"), BT.Log("d"))`)
		var b strings.Builder
		for i := 1; i <= 40; i++ {
			got, err := e.tick(rs, i)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(strings.TrimPrefix(got, "Success|"))
		}
		return b.String()
	}
	p1, p2 := picks(), picks()
	if p1 != p2 || strings.Contains(p1, "never") || !strings.Contains(p1, "a") || !strings.Contains(p1, "c") || !strings.Contains(p1, "d") {
		t.Fatalf("picks %q / %q", p1, p2)
	}
}

func TestIfWhileRepeatFromLua(t *testing.T) {
	e := newEnv(t)
	root := e.run(`
		local on = true
		local tests = 0
		count = 0
		return BT.Root():OpenBranch(
			BT.If(function() tests = tests + 1; print("if " .. tests); return true end):OpenBranch(
				BT.Repeat(2):OpenBranch(BT.Call(function() count = count + 1; print("rep " .. count) end))
			),
			BT.While(function() return count < 3 end):OpenBranch(
				BT.Call(function() count = count + 1; print("while " .. count) end)
			)
		)`)
	e.expectTicks(root,
		"Continue|if 1;rep 1",    // Repeat: pass 1 of 2 -> Continue
		"Continue|rep 2;while 3", // If ends; While runs one step, Continue
		"Success|",               // While: count < 3 false -> Failure; the pass ends
		"Continue|if 2;rep 4",    // the next pass tests again
	)
}

func TestWaitOnTreeClockThroughHost(t *testing.T) {
	r, err := loadHost(t, "wait.lua", `
		local root = BT.Root()
		root:OpenBranch(BT.Sequence():OpenBranch(
			BT.Call(function() print("start " .. BT.Frame()) end),
			BT.Wait(5.0),
			BT.Call(function() print(string.format("end %d %.3f", BT.Frame(), BT.Time())) end),
			BT.Terminate()))
		return root`)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.tickN(1000)
	if err != nil {
		t.Fatal(err)
	}
	if r.out.String() != "start 1\nend 303 5.050\n" {
		t.Fatalf("out %q", r.out.String())
	}
	// Running while the BTAI root continues; Failure when Terminate aborts.
	if len(st) != 304 || st[302] != "Running" || st[303] != "Failure" || !r.h.Done() {
		t.Fatalf("%d ticks, last %v", len(st), st[len(st)-3:])
	}
}

func TestRootSuccessMapsToRunning(t *testing.T) {
	r, err := loadHost(t, "loop.lua", `
		return BT.Root():OpenBranch(BT.Log("pass"))`)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.tickN(3)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(st, " ") != "Running Running Running" || r.out.String() != "pass\npass\npass\n" || r.h.Done() {
		t.Fatalf("%v %q", st, r.out.String())
	}
}

func TestRootAsChildOfBtlibComposite(t *testing.T) {
	r, err := loadHost(t, "mixed.lua", `
		local n = 0
		local root = BT.Root()
		root:OpenBranch(BT.Sequence():OpenBranch(
			BT.Condition(function() n = n + 1; return n >= 2 end),
			BT.Terminate()))
		local seq = BTSequence:New()
		seq:AddChild(BTLog:New("before"))
		seq:AddChild(root)
		seq:AddChild(BTLog:New("never"))
		local sel = BTSelector:New()
		sel:AddChild(seq)
		sel:AddChild(BTLog:New("fallback"))
		return sel`)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.tickN(10)
	if err != nil {
		t.Fatal(err)
	}
	// tick 1: before, root Running (n=1: a whole pass); tick 2: n=2 ->
	// Continue; tick 3: Terminate -> root Failure -> the sequence fails ->
	// fallback.
	if r.out.String() != "before\nfallback\n" || strings.Join(st, " ") != "Running Running Success" {
		t.Fatalf("%v %q", st, r.out.String())
	}
}

func TestRunCoroutine(t *testing.T) {
	e := newEnv(t)
	node := e.run(`
		return BT.RunCoroutine(function()
			print("start")
			local ok, err = pcall(function() error("caught") end)
			print("pcall " .. tostring(ok) .. " " .. tostring(err):gsub("^.-: ", ""))
			coroutine.yield()                  -- nothing: Continue
			print("after yield")
			coroutine.yield(BTState.Continue)
			local ok2 = pcall(error, "again")  -- a pcall after a yield
			print("pcall again " .. tostring(ok2))
			return "ignored"                   -- finished: Success
		end)`)
	e.expectTicks(node,
		"Continue|start;pcall false caught",
		"Continue|after yield",
		"Success|pcall again false",
		"Continue|start;pcall false caught", // a new coroutine
	)
	fail := e.run(`
		return BT.RunCoroutine(function()
			print("one")
			coroutine.yield(BTState.Continue)
			print("two")
			coroutine.yield(BTState.Failure)
			print("never")
		end)`)
	e.expectTicks(fail, "Continue|one", "Failure|two", "Continue|one")
}

func TestRunCoroutineClosedEarly(t *testing.T) {
	e := newEnv(t)
	root := e.run(`
		on = true
		started = 0
		cos = {}
		return BT.Root():OpenBranch(
			BT.While(function() return on end):OpenBranch(
				BT.Sequence():OpenBranch(BT.RunCoroutine(function()
					started = started + 1
					cos[started] = coroutine.running()
					print("co " .. started)
					while true do coroutine.yield() end
				end))
			),
			BT.Log("after while")
		)`)
	e.expectTicks(root, "Continue|co 1", "Continue|")
	e.run(`on = false`)
	// While: false -> ResetChildren (closes the coroutine) -> Failure; the
	// root moves on within the tick.
	e.expectTicks(root, "Success|after while")
	if v := e.run(`return coroutine.status(cos[1])`); v.String() != "dead" {
		t.Fatalf("closed coroutine is %v", v)
	}
	if _, err := e.try(`local ok, err = coroutine.resume(cos[1]); assert(not ok and err:find("dead"), err)`); err != nil {
		t.Fatal(err)
	}
	e.run(`on = true`)
	e.expectTicks(root, "Continue|co 2")
	// Terminate from outside closes the second one.
	e.run(`assert(not _G.rootTerminated)`)
	if v := e.run(`return coroutine.status(cos[2])`); v.String() != "suspended" {
		t.Fatalf("running coroutine is %v", v)
	}
	e.L.SetGlobal("root", root)
	e.run(`root:Terminate()`)
	if v := e.run(`return coroutine.status(cos[2]) .. " " .. tostring(root:IsTerminated())`); v.String() != "dead true" {
		t.Fatalf("after Terminate: %v", v)
	}
	e.expectTicks(root, "Abort|")
}

func TestRunCoroutineClosedWhenHostHalts(t *testing.T) {
	r, err := loadHost(t, "halt.lua", `
		co = nil
		return BT.Root():OpenBranch(BT.RunCoroutine(function()
			co = coroutine.running()
			while true do coroutine.yield() end
		end))`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.tickN(2); err != nil {
		t.Fatal(err)
	}
	co := r.h.GetGlobal("co").(*lua.LState)
	if co.Dead {
		t.Fatal("dead too early")
	}
	r.agents[0].Halt() // as Host.Close does
	if !co.Dead {
		t.Fatal("not closed when the tree was halted")
	}
}

func TestRunCoroutineErrorHasFileAndLine(t *testing.T) {
	r, err := loadHost(t, "coerr.lua", `
		return BT.Root():OpenBranch(
			BT.RunCoroutine(function()
				coroutine.yield()
				local t = nil
				return t.field
			end))`)
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.tickN(5)
	var le *luaerr.Error
	if !errors.As(err, &le) {
		t.Fatalf("error %T %v", err, err)
	}
	if !strings.HasSuffix(le.File, "coerr.lua") || le.Line != 6 || !strings.Contains(le.Msg, "BT.RunCoroutine made at") {
		t.Fatalf("error %+v", le)
	}
	if len(r.h.Failed()) != 1 {
		t.Fatal("agent not stopped")
	}
}

func TestBadInput(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct{ src, want string }{
		{`BT.If(3)`, `test.lua:1: BT.If(fn): fn must be a function, got 3 (a number)`},
		{`BT.While("x")`, `BT.While(fn): fn must be a function, got "x" (a string)`},
		{`BT.Condition()`, `BT.Condition(fn): fn must be a function, got nil`},
		{`BT.Call({})`, `BT.Call(fn): fn must be a function, got a table`},
		{`BT.RunCoroutine(true)`, `BT.RunCoroutine(fn): fn must be a function, got true (a boolean)`},
		{`BT.Sequence():OpenBranch(BT.Log("a"), 42)`, `BT.Sequence:OpenBranch: child 2 is not a BT node, got 42 (a number)`},
		{`BT.Root():OpenBranch(print)`, `child 1 is not a BT node, got a function (wrap it: BT.Call(fn)`},
		{`BT.Root():OpenBranch(BTLog:New("x"))`, `child 1 is not a BT node, got a btlib task`},
		{`BT.Sequence():OpenBranch(BT.Log("a"), nil, BT.Log("b"))`, `child 2 is not a BT node, got nil`},
		{`BT.Call(print):OpenBranch(BT.Log("a"))`, `OpenBranch: a BT.Call node is a leaf and takes no children`},
		{`local s = BT.Sequence(); local r = BT.Root():OpenBranch(s); s:OpenBranch(r)`, `BT.Sequence:OpenBranch: child 1 (a BT.Root) is the node itself or one of its ancestors`},
		{`BT.Repeat("x")`, `BT.Repeat(count): count must be an integer, got "x" (a string)`},
		{`BT.Repeat(1.5)`, `count must be an integer, got 1.5 (a number)`},
		{`BT.Repeat()`, `BT.Repeat(count): count must be an integer, got nil`},
		{`BT.Wait("soon")`, `BT.Wait(seconds): seconds must be a number, got "soon" (a string)`},
		{`BT.Selector("yes")`, `BT.Selector(shuffle): shuffle must be a boolean, got "yes" (a string)`},
		{`BT.RandomSequence({1, -1})`, `BT.RandomSequence(weights): weights[2] must be a non-negative integer, got -1 (a number)`},
		{`BT.RandomSequence(3)`, `weights must be an array of integers (or nil), got 3 (a number)`},
		{`BT.Log(nil)`, `BT.Log(msg): msg must be a string, got nil`},
		{`BT.SetBool(nil, "run", true)`, `BT.SetBool(obj, name, value): obj must be a table or a Go object`},
		{`BT.SetBool({}, "run", 1)`, `value must be a boolean, got 1 (a number)`},
		{`BT.Trigger({}, nil)`, `BT.Trigger(obj, name, set): name must be a string, got nil`},
		{`BT.SetActive({})`, `BT.SetActive(obj, active): active must be a boolean, got nil`},
		{`BT.WaitForAnimatorState({}, "Idle", "base")`, `layer must be an integer, got "base" (a string)`},
		{`BT.SetRandom(7)`, `BT.SetRandom(fn): fn must be a function (or nil), got 7 (a number)`},
		{`BT.Sequence().Tick()`, `Tick: self must be a BT node, got nil (call it as node:Tick())`},
		{`BT.Sequence().ResetChildren(BT.Log("x"))`, `ResetChildren: BT.Log is a leaf node, not a branch`},
	} {
		if got := e.errorOf(c.src); !strings.Contains(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestBadInputAtTick(t *testing.T) {
	e := newEnv(t)
	bad := e.run(`return BT.RunCoroutine(function() coroutine.yield(3) end)`)
	if _, err := e.tick(bad, 1); err == nil || !strings.Contains(err.Error(), "test.lua:1: BT.RunCoroutine: the coroutine (function at test.lua:1) yielded 3 (a number), want a BTState") {
		t.Fatalf("bad yield: %v", err)
	}
	noMethod := e.run(`
		return BT.SetBool({}, "run", true)`)
	if _, err := e.tick(noMethod, 1); err == nil || !strings.Contains(err.Error(), "test.lua:2: BT.SetBool: obj (a table) has no method SetBool") {
		t.Fatalf("no method: %v", err)
	}
	boom := e.run(`return BT.If(function() error("boom") end)`)
	if _, err := e.tick(boom, 1); err == nil || !strings.Contains(err.Error(), "test.lua:1: boom") {
		t.Fatalf("error in fn: %v", err)
	}
}

// animator is a Go object handed to scripts through gopher-luar.
type animator struct {
	Calls []string
	state string
}

func (a *animator) SetBool(name string, v bool) {
	a.Calls = append(a.Calls, "SetBool "+name+" "+map[bool]string{true: "true", false: "false"}[v])
}
func (a *animator) SetTrigger(name string)   { a.Calls = append(a.Calls, "SetTrigger "+name) }
func (a *animator) ResetTrigger(name string) { a.Calls = append(a.Calls, "ResetTrigger "+name) }
func (a *animator) SetActive(v bool)         { a.SetBool("active", v) }
func (a *animator) IsInState(name string, layer int) bool {
	return name == a.state && layer == 1
}

func TestAnimatorRecastOnLuaTableAndGoObject(t *testing.T) {
	e := newEnv(t)
	seq := e.run(`
		local obj = {}
		function obj:SetBool(name, v) print("SetBool", name, v) end
		function obj:SetTrigger(name) print("SetTrigger", name) end
		function obj:ResetTrigger(name) print("ResetTrigger", name) end
		function obj:SetActive(v) print("SetActive", v) end
		local polls = 0
		function obj:IsInState(name, layer) polls = polls + 1; print("IsInState", name, layer); return polls >= 2 end
		return BT.Sequence():OpenBranch(BT.SetBool(obj, "run", true), BT.Trigger(obj, "jump"),
			BT.Trigger(obj, "jump", false), BT.SetActive(obj, false), BT.WaitForAnimatorState(obj, "Idle"))`)
	e.expectTicks(seq,
		"Continue|SetBool\trun\ttrue",
		"Continue|SetTrigger\tjump",
		"Continue|ResetTrigger\tjump",
		"Continue|SetActive\tfalse",
		"Continue|IsInState\tIdle\t0",
		"Success|IsInState\tIdle\t0",
	)
	an := &animator{}
	e.L.SetGlobal("anim", luar.New(e.L, an))
	goSeq := e.run(`return BT.Sequence():OpenBranch(BT.SetBool(anim, "run", false), BT.Trigger(anim, "hit"),
		BT.SetActive(anim, true), BT.WaitForAnimatorState(anim, "Hit", 1))`)
	e.expectTicks(goSeq, "Continue|", "Continue|", "Continue|", "Continue|", "Continue|")
	an.state = "Hit"
	e.expectTicks(goSeq, "Success|")
	if strings.Join(an.Calls, ",") != "SetBool run false,SetTrigger hit,SetBool active true" {
		t.Fatal(an.Calls)
	}
}

func TestTostring(t *testing.T) {
	e := newEnv(t)
	v := e.run(`
		local parts = {}
		for _, n in ipairs({BT.Root(), BT.Selector(), BT.RandomSequence(), BT.Repeat(3), BT.If(print), BT.While(print),
			BT.Condition(print), BT.Call(print), BT.RunCoroutine(print), BT.Wait(2), BT.Terminate(), BT.Log("hi")}) do
			parts[#parts + 1] = tostring(n)
		end
		return table.concat(parts, "|")`)
	want := "Root : 0/0|Selector : 0/0|Random Sequence : -1/0|Repeat Until : 0 / 3|ConditionalBranch|While|Condition|Action|Action : coroutine|Wait : 0 / 2|Terminate|Log : hi"
	if v.String() != want {
		t.Fatalf("got  %s\nwant %s", v, want)
	}
}
