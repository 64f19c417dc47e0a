package tests

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The scripts of parts 3 and 11 of the Lua behavior-tree series, pasted
// unchanged with one added last line, "return TestBehaviorTree:New()".
// "_lua_classes" variants paste the series' own Lua BTParentTask and
// BTSequence (part 3) or BTParallel (part 11) in front; "_parent_chain"
// variants also derive BTComposite from that Lua BTParentTask, so that the
// composite keeps its children in a Lua table only.
func TestSeedScripts(t *testing.T) {
	S, F, R := bt.Success, bt.Failure, bt.Running
	cases := []struct {
		files    []string
		stdout   string
		statuses []bt.Status
	}{
		{[]string{"bt03_sequence", "bt03_sequence_lua_classes", "bt03_sequence_lua_parent_chain"},
			lines("hello world!", "This is a test"), []bt.Status{S}},
		{[]string{"bt11_sequence", "bt11_sequence_lua_classes"},
			lines("22", "22", "22", "This is log!!!"), []bt.Status{R, R, R, S}},
		{[]string{"bt11_parallel", "bt11_parallel_lua_classes"},
			lines("22", "This is log!!!", "22", "22"), []bt.Status{R, R, R, S}},
		{[]string{"bt11_parallel_failure", "bt11_parallel_failure_lua_classes", "bt11_parallel_failure_lua_parent_chain"},
			lines("22"), []bt.Status{F}},
	}
	for _, c := range cases {
		for _, f := range c.files {
			t.Run(f, func(t *testing.T) {
				r := runScript(t, filepath.Join("testdata", "seeds", f+".lua"), 100)
				if r.err != nil {
					t.Fatalf("error: %v", r.err)
				}
				if r.stdout != c.stdout {
					t.Errorf("stdout = %q, want %q", r.stdout, c.stdout)
				}
				if !slices.Equal(r.statuses, c.statuses) {
					t.Errorf("statuses per tick = %v, want %v", r.statuses, c.statuses)
				}
			})
		}
	}
}

// In the failing Parallel the first action is still running when the
// second fails: the Parallel ends it (OnEnd) before it ends itself, with
// the built-in Go Parallel and with the series' Lua one alike.
func TestSeedParallelFailureEndsRunningChild(t *testing.T) {
	for _, f := range []string{"bt11_parallel_failure", "bt11_parallel_failure_lua_classes", "bt11_parallel_failure_lua_parent_chain"} {
		t.Run(f, func(t *testing.T) {
			r := runScript(t, filepath.Join("testdata", "seeds", f+".lua"), 10)
			if r.err != nil {
				t.Fatal(r.err)
			}
			root := "BTParallel"
			want := []string{
				"start " + root,
				"start " + root + "/BTActionUniversal[0]",
				"start " + root + "/BTActionUniversal[1]",
				"end " + root + "/BTActionUniversal[1] Failure",
				"end " + root + "/BTActionUniversal[0] Running",
				"end " + root + " Failure",
			}
			if !slices.Equal(r.events, want) {
				t.Errorf("events:\n got %q\nwant %q", r.events, want)
			}
		})
	}
}
