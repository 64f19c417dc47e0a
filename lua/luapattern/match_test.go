package luapattern

import (
	"context"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// newState returns a Lua state with this package's matcher and print
// writing to out.
func newState(t *testing.T, out *strings.Builder) *lua.LState {
	t.Helper()
	L := lua.NewState()
	t.Cleanup(L.Close)
	Open(L, Options{MaxSize: 1 << 20})
	L.SetGlobal("print", L.NewFunction(func(L *lua.LState) int {
		for i := 1; i <= L.GetTop(); i++ {
			if i > 1 {
				out.WriteByte('\t')
			}
			out.WriteString(L.ToStringMeta(L.Get(i)).String())
		}
		out.WriteByte('\n')
		return 0
	}))
	return L
}

// The case table gives PUC Lua 5.1's results: testdata/cases.golden is
// the output of lua5.1 testdata/cases.lua.
func TestCasesMatchPUCLua51(t *testing.T) {
	var out strings.Builder
	L := newState(t, &out)
	if err := L.DoFile("testdata/cases.lua"); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/cases.golden")
	if err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	if len(got) != len(wantLines) {
		t.Errorf("%d lines, want %d", len(got), len(wantLines))
	}
	for i := range min(len(got), len(wantLines)) {
		if got[i] != wantLines[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], wantLines[i])
		}
	}
}

// A backtracking pattern on a 30k-character string (exponential in
// gopher-lua's matcher) stops with the context's error once the context
// is done, as a Lua error at the caller's line.
func TestPatternBombStopsAtContext(t *testing.T) {
	var out strings.Builder
	for _, call := range []string{
		`string.find(s, string.rep("a*", 20) .. "b")`,
		`string.match(s, string.rep("a-", 20) .. "b")`,
		`string.gsub(s, string.rep("a*", 20) .. "b", "")`,
		`string.gmatch(s, string.rep("a*", 20) .. "b")()`,
	} {
		L := newState(t, &out)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		L.SetContext(ctx)
		start := time.Now()
		err := L.DoString("local s = string.rep('a', 30000)\nlocal r = " + call)
		took := time.Since(start)
		cancel()
		if err == nil || !strings.Contains(err.Error(), "<string>:2: context deadline exceeded") {
			t.Errorf("%s: error %v, want <string>:2: context deadline exceeded", call, err)
		}
		t.Logf("%s: stopped after %v", call, took)
	}
}

// gsub's result may not grow over MaxSize.
func TestGsubMaxSize(t *testing.T) {
	var out strings.Builder
	L := newState(t, &out)
	err := L.DoString(`local s = string.rep("x", 1000)
local r = string.gsub(s, "x", string.rep("y", 2000))`)
	want := "<string>:2: string.gsub: the result would be over the maximum string size of 1048576 bytes"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %s", err, want)
	}
}

// gmatch finds each match when the loop asks for it: breaking out of the
// loop at the first match of a long subject costs one match, not all. An
// eager gmatch would build a million match strings before the first
// iteration; the lazy one allocates a few hundred objects in all.
func TestGmatchIsLazy(t *testing.T) {
	var out strings.Builder
	L := newState(t, &out)
	if err := L.DoString(`S = string.rep("a", 1e6)`); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := L.DoString(`for w in S:gmatch("a") do print(w) break end`)
	runtime.ReadMemStats(&after)
	if err != nil || out.String() != "a\n" {
		t.Fatalf("error %v, output %q", err, out.String())
	}
	if n := after.Mallocs - before.Mallocs; n > 100_000 {
		t.Errorf("one iteration of gmatch over 1e6 matches allocated %d objects", n)
	}
}
