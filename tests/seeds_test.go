package tests

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The scripts of parts 3 and 11 of the Lua behavior-tree series are kept
// in testdata/seeds as pasted from the series, unchanged: the class files
// (class_*.lua) and the test trees (tree_*.lua, each with one added last
// line, "return TestBehaviorTree:New()"). seedScript pastes them together
// into one script, as a user would:
//
//   - "bt03_sequence", "bt11_parallel", ...: the test tree alone, on the
//     built-in classes;
//   - "..._lua_classes": the series' own Lua BTParentTask and BTSequence
//     (part 3) or BTParallel (part 11) pasted in front;
//   - "..._parent_chain": the same with BTComposite derived from that Lua
//     BTParentTask, so that the composite keeps its children in a Lua
//     table only.
func seedScript(t *testing.T, variant string) string {
	t.Helper()
	part := func(name string) string {
		b, err := os.ReadFile(filepath.Join("testdata", "seeds", name+".lua"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	name, chain := strings.CutSuffix(variant, "_lua_parent_chain")
	name, classes := strings.CutSuffix(name, "_lua_classes")
	classes = classes || chain
	var src strings.Builder
	if classes {
		if strings.HasPrefix(name, "bt11_parallel") {
			if chain {
				src.WriteString(part("class_parent_task_bt03") + "\nBTComposite = BTParentTask:New();\n\n")
			}
			src.WriteString(part("class_parallel_bt11") + "\n")
		} else {
			src.WriteString(part("class_parent_task_bt03") + "\n")
			if chain {
				src.WriteString("BTComposite = BTParentTask:New();\n\n")
			}
			src.WriteString(part("class_sequence_bt03") + "\n")
		}
	}
	src.WriteString(part("tree_" + name))
	path := filepath.Join(t.TempDir(), variant+".lua")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

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
				r := runScript(t, seedScript(t, f), 100)
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
			r := runScript(t, seedScript(t, f), 10)
			if r.err != nil {
				t.Fatal(r.err)
			}
			root := "BTParallel"
			want := []string{
				"start " + root,
				"start " + root + "/BTActionUniversal[1]",
				"start " + root + "/BTActionUniversal[2]",
				"end " + root + "/BTActionUniversal[2] Failure",
				"end " + root + "/BTActionUniversal[1] Running",
				"end " + root + " Failure",
			}
			if !slices.Equal(r.events, want) {
				t.Errorf("events:\n got %q\nwant %q", r.events, want)
			}
		})
	}
}
