package btlib

import (
	"strconv"
	"testing"
)

// pcallChecks prints what pcall and xpcall return for ordinary calls:
// values, error values of every kind, handlers and a traceback.
const pcallChecks = `
local function inner() error("deep") end
local function outer() inner() end
print(xpcall(outer, debug.traceback))
local ok, e = xpcall(outer, function(m) return {msg = m} end)
print(ok, type(e), e.msg)
print(pcall(error))
print(pcall(error, nil))
ok, e = pcall(error, {code = 42})
print(ok, type(e), e.code)
print(pcall(error, "lvl2", 2))
print(xpcall(function() return 1, 2 end, print))
print(pcall(pcall, error, "x"))
print(pcall(nil))
print(select("#", pcall(function() return nil, nil end)))
print(pcall(function(...) return ... end, 1, nil, 3))
`

// pcall and xpcall give the same results as before the yield guard, on
// the main thread and inside a BTCoroutine (gopher-lua's own results,
// where they differ from PUC Lua's: bad argument for error(), a traceback
// that starts at error).
func TestPcallResultsUnchanged(t *testing.T) {
	// results returns the lines after the traceback, for the checks
	// starting at line first+1.
	results := func(first int) string {
		at := func(n int) string { return "test.lua:" + strconv.Itoa(first+n) + ":" }
		return "false\ttable\t" + at(1) + " deep\n" +
			"false\t" + at(6) + " bad argument #1 to (anonymous) (value expected)\n" +
			"false\tnil\n" +
			"false\ttable\t42\n" +
			"false\t" + at(10) + " lvl2\n" +
			"true\t1\t2\n" +
			"true\tfalse\t" + at(12) + " x\n" +
			"false\tattempt to call a nil value\n" +
			"3\n" +
			"true\t1\tnil\t3\n"
	}
	cases := []struct{ name, script, want string }{
		{"main", pcallChecks + "return BTLog:New('logged')", "false\ttest.lua:2: deep\nstack traceback:\n" +
			"\t[G]: in function 'error'\n" +
			"\ttest.lua:2: in function 'inner'\n" +
			"\ttest.lua:3: in function <test.lua:3>\n" +
			"\t[G]: in function 'xpcall'\n" +
			"\ttest.lua:4: in main chunk\n" +
			"\t[G]: ?\n" + results(1) + "logged\n"},
		{"coroutine", "return BTCoroutine:New(function()\n" + pcallChecks + "end)", "false\ttest.lua:3: deep\nstack traceback:\n" +
			"\t[G]: in function 'error'\n" +
			"\ttest.lua:3: in function 'inner'\n" +
			"\ttest.lua:4: in function <test.lua:4>\n" +
			"\t[G]: in function 'xpcall'\n" +
			"\ttest.lua:5: in corountine\n" +
			"\t[G]: ?\n" + results(2)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lib, L, out := testLib(t)
			tr := treeOf(t, lib, L, c.script)
			if _, err := lib.TickTree(tr, 1.0/60); err != nil {
				t.Fatal(err)
			}
			if out.String() != c.want {
				t.Errorf("output:\n%s\nwant:\n%s", out.String(), c.want)
			}
		})
	}
}

// A yield outside any coroutine keeps gopher-lua's error, located at the
// yield and naming the task.
func TestYieldOutsideCoroutine(t *testing.T) {
	lib, L, _ := testLib(t)
	tr := treeOf(t, lib, L, `
Yielder = BTAction:New()
Yielder.name = "yielder"
function Yielder:OnUpdate() coroutine.yield() end
return Yielder:New()
`)
	if got := tickErr(t, lib, tr).Error(); got != "test.lua:4: can not yield from outside of a coroutine (task yielder)" {
		t.Errorf("error = %q", got)
	}
}
