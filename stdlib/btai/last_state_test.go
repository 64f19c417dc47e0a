package btai

import "testing"

// lastStates returns b's children's last states by position, "-" for a
// child not ticked yet.
func lastStates(b *Branch) []string {
	out := make([]string, len(b.Children()))
	for i := range out {
		out[i] = "-"
		if s, ok := b.LastState(i); ok {
			out[i] = s.String()
		}
	}
	return out
}

func eqStates(t *testing.T, when string, got []string, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: last states %v, want %v", when, got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: last states %v, want %v", when, got, want)
		}
	}
}

// A branch keeps the state each child returned on its last tick, by the
// child's place, across a shuffle and a reset.
func TestLastState(t *testing.T) {
	rec := &recorder{}
	r := &seqRandom{t: t}
	a, b, c := rec.leaf("a", F), rec.leaf("b", C, F), rec.leaf("c", S)
	sel := NewSelector(true, r).OpenBranch(a, b, c)
	eqStates(t, "before", lastStates(&sel.Branch), "-", "-", "-")
	if _, ok := sel.LastState(3); ok {
		t.Fatal("LastState(3) of 3 children is ok")
	}
	r.draws = []int{2, 1} // no swap: a b c
	expect(t, sel, rec, step{C, "a:Failure"}, step{C, "b:Continue"})
	eqStates(t, "tick 2", lastStates(&sel.Branch), "Failure", "Continue", "-")
	expect(t, sel, rec, step{C, "b:Failure"}, step{S, "c:Success"})
	eqStates(t, "tick 4", lastStates(&sel.Branch), "Failure", "Failure", "Success")
	r.draws = []int{0, 0} // b c a: the states move with the children
	sel.ResetChildren()
	expect(t, sel, rec, step{C, "b:Failure"})
	eqStates(t, "after shuffle", lastStates(&sel.Branch), "Failure", "Success", "Failure")
}
