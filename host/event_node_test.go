package host

import "testing"

// The zero NodeRef names no task; nodeAt(i) names node i, 0 included.
func TestNodeRef(t *testing.T) {
	var none NodeRef
	if i, ok := none.Index(); ok || i != 0 || none.Valid() || none.Int() != -1 || none.String() != "none" {
		t.Errorf("zero NodeRef: Index %d %v, Valid %v, Int %d, String %q", i, ok, none.Valid(), none.Int(), none.String())
	}
	for _, n := range []int{0, 1, 41} {
		r := nodeAt(n)
		if i, ok := r.Index(); !ok || i != n || !r.Valid() || r.Int() != n {
			t.Errorf("nodeAt(%d): Index %d %v, Valid %v, Int %d", n, i, ok, r.Valid(), r.Int())
		}
	}
	if s := nodeAt(7).String(); s != "7" {
		t.Errorf("nodeAt(7).String() = %q, want \"7\"", s)
	}
	if (Event{Kind: EventTickBegin}).Node != none {
		t.Error("the zero Event names a node")
	}
}
