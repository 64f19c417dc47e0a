package btlib

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// logBatch is a TreeBatch for the tests: it gives trees[i] (nil skips),
// logs each call to out, between the trees' own prints, ends the batch
// after tree stopAt and panics with "hook" in BeginTree or EndTree of
// tree panicAt (-1: never).
type logBatch struct {
	trees            []*Tree
	out              *bytes.Buffer
	stopAt, panicAt  int
	panicInBeginTree bool
}

func (lb *logBatch) BeginTree(i int) *Tree {
	fmt.Fprintf(lb.out, "begin %d\n", i)
	if i == lb.panicAt && lb.panicInBeginTree {
		panic("hook")
	}
	return lb.trees[i]
}

func (lb *logBatch) EndTree(i int, s bt.Status, err error) bool {
	fmt.Fprintf(lb.out, "end %d %v %v\n", i, s, err)
	if i == lb.panicAt && !lb.panicInBeginTree {
		panic("hook")
	}
	return i == lb.stopAt
}

// TickBatch calls BeginTree before and EndTree after each tree's tick, in
// order, in the success and the error path alike: EndTree gets the
// status, the error that stopped the tree in this tick (nil for a tree
// stopped before, which does not tick), Inactive for a tree BeginTree
// skipped.
func TestTickBatchHooksAroundEachTree(t *testing.T) {
	lib, L, out := testLib(t)
	if err := L.DoString(tickTreesScript); err != nil {
		t.Fatal(err)
	}
	lb := &logBatch{out: out, stopAt: -1, panicAt: -1, trees: []*Tree{
		treeOf(t, lib, L, `return Counter:New("a", 2)`),
		nil,
		treeOf(t, lib, L, `return Counter:New("c", 0)`),
	}}
	for tick := 1; tick <= 3; tick++ {
		fmt.Fprintf(out, "tick %d\n", tick)
		if err := lib.TickBatch(3, 0.1, lb); err != nil {
			t.Fatalf("tick %d: %v", tick, err)
		}
	}
	want := `tick 1
begin 0
a	1
end 0 Running <nil>
begin 1
end 1 Inactive <nil>
begin 2
c	1
end 2 Running <nil>
tick 2
begin 0
a	2
end 0 Failure <string>:11: a fails (task a)
begin 1
end 1 Inactive <nil>
begin 2
c	2
end 2 Running <nil>
tick 3
begin 0
end 0 Failure <nil>
begin 1
end 1 Inactive <nil>
begin 2
c	3
end 2 Running <nil>
`
	if out.String() != want {
		t.Errorf("log\n%s\nwant\n%s", out, want)
	}
	if lb.trees[0].Err == nil || lb.trees[2].Err != nil {
		t.Errorf("Err of a and c: %v, %v; want a's only", lb.trees[0].Err, lb.trees[2].Err)
	}
}

// EndTree returning true ends the batch: after a tree that ticked and
// after one stopped by an error alike, the trees after it are not begun.
func TestTickBatchEndTreeStops(t *testing.T) {
	for _, failAt := range []int{0, 1} {
		t.Run(fmt.Sprintf("failAt=%d", failAt), func(t *testing.T) {
			lib, L, out := testLib(t)
			if err := L.DoString(tickTreesScript); err != nil {
				t.Fatal(err)
			}
			lb := &logBatch{out: out, stopAt: 0, panicAt: -1, trees: []*Tree{
				treeOf(t, lib, L, fmt.Sprintf(`return Counter:New("a", %d)`, failAt)),
				treeOf(t, lib, L, `return Counter:New("b", 0)`),
			}}
			if err := lib.TickBatch(2, 0.1, lb); err != nil {
				t.Fatal(err)
			}
			end := "end 0 Running <nil>\n"
			if failAt == 1 {
				end = "end 0 Failure <string>:11: a fails (task a)\n"
			}
			if want := "begin 0\na\t1\n" + end; out.String() != want {
				t.Errorf("log\n%s\nwant\n%s", out, want)
			}
		})
	}
}

// A Go panic in BeginTree or EndTree is the caller's, not a tree's: it
// abandons the batch and goes on out of TickBatch with its own value, no
// tree is stopped, and the next batch runs.
func TestTickBatchHookPanic(t *testing.T) {
	for _, inBegin := range []bool{true, false} {
		t.Run(fmt.Sprintf("inBeginTree=%v", inBegin), func(t *testing.T) {
			lib, L, out := testLib(t)
			if err := L.DoString(tickTreesScript); err != nil {
				t.Fatal(err)
			}
			lb := &logBatch{out: out, stopAt: -1, panicAt: 0, panicInBeginTree: inBegin, trees: []*Tree{
				treeOf(t, lib, L, `return Counter:New("a", 0)`),
				treeOf(t, lib, L, `return Counter:New("b", 0)`),
			}}
			func() {
				defer func() {
					if r := recover(); r != "hook" {
						t.Errorf("TickBatch panicked with %v (%T), want the hook's \"hook\"", r, r)
					}
				}()
				lib.TickBatch(2, 0.1, lb)
			}()
			want := "begin 0\n"
			if !inBegin {
				want += "a\t1\nend 0 Running <nil>\n"
			}
			if out.String() != want {
				t.Errorf("log\n%s\nwant\n%s", out, want)
			}
			if lb.trees[0].Err != nil || lb.trees[1].Err != nil {
				t.Errorf("Err of the trees: %v, %v; want none", lb.trees[0].Err, lb.trees[1].Err)
			}
			out.Reset()
			lb.panicAt = -1
			if err := lib.TickBatch(2, 0.1, lb); err != nil {
				t.Fatalf("next batch: %v", err)
			}
			if !bytes.Contains(out.Bytes(), []byte("b\t1\n")) {
				t.Errorf("next batch log\n%s\nwant b ticked", out)
			}
		})
	}
}
