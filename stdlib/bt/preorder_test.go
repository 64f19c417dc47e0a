package bt

import "testing"

// listing is a parent whose Children list tasks twice (as a Lua
// composite may).
type listing struct {
	*Sequence
	kids []Task
}

func (l *listing) Children() []Task { return l.kids }

// Preorder lists each task once, at its first place, in trees below and
// above the size where it switches from searching its list to a map.
func TestPreorderOnce(t *testing.T) {
	for _, n := range []int{3, smallTree - 1, smallTree, smallTree + 1, 3 * smallTree} {
		leaves := make([]Task, n)
		for i := range leaves {
			leaves[i] = NewIdle()
		}
		kids := append(append([]Task{}, leaves...), leaves...) // each twice
		root := &listing{NewSequence(), nil}
		kids = append(kids, root) // and the root again: a cycle
		root.kids = kids
		got := Preorder(root)
		if len(got) != n+1 || got[0] != Task(root) {
			t.Fatalf("n=%d: %d tasks, want %d with the root first", n, len(got), n+1)
		}
		for i, l := range leaves {
			if got[i+1] != l {
				t.Fatalf("n=%d: task %d is not leaf %d", n, i+1, i)
			}
		}
	}
}
