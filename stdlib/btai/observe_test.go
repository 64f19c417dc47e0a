package btai

import (
	"fmt"
	"strings"
	"testing"
)

// Observe makes every branch of a tree report each tick of a child with
// the state it returned, in tick order, nested branches too; nil stops
// it.
func TestObserve(t *testing.T) {
	rec := &recorder{}
	a, b, c := rec.leaf("a", S), rec.leaf("b", C, S), rec.leaf("c", F)
	seq := NewSequence().OpenBranch(a, b)
	root := NewRoot()
	root.OpenBranch(seq, NewSelector(false, nil).OpenBranch(c))
	names := map[Node]string{a: "a", b: "b", c: "c", seq: "seq"}
	var heard []string
	Observe(root, func(n Node, s BTState) {
		name := names[n]
		if name == "" {
			name = fmt.Sprintf("%T", n)
		}
		heard = append(heard, name+":"+s.String())
	})
	var got []string
	for range 4 {
		root.Tick()
		got = append(got, strings.Join(heard, " "))
		heard = heard[:0]
	}
	want := []string{
		"a:Success seq:Continue",
		"b:Continue seq:Continue",
		"b:Success seq:Success c:Failure *btai.Selector:Failure", // a Root goes on within the tick
		"a:Success seq:Continue",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("heard:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	Observe(root, nil)
	root.Tick()
	if len(heard) != 0 {
		t.Errorf("heard after Observe(nil): %v", heard)
	}
}
