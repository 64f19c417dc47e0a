package inspect

import (
	"fmt"
	"testing"
)

// TestVarTableIndexed writes more variables than smallTable, so the table
// switches to its index, removes some, and checks every lookup and the
// sorted listing on both sides of the switch.
func TestVarTableIndexed(t *testing.T) {
	var tb varTable
	const n = smallTable + 4
	for i := range n {
		tb.set(fmt.Sprintf("v%02d", i), varState{value: float64(i), tick: 1, writer: -1})
	}
	if tb.index == nil {
		t.Fatalf("%d variables: no index", n)
	}
	tb.set("v03", varState{value: 33.0, tick: 2, writer: 5})
	for i := range n {
		want := float64(i)
		if i == 3 {
			want = 33
		}
		if x := tb.get(fmt.Sprintf("v%02d", i)); x == nil || x.value != want {
			t.Fatalf("v%02d = %+v, want value %v", i, x, want)
		}
	}
	for i := range 5 {
		tb.remove(fmt.Sprintf("v%02d", i*2))
	}
	tb.remove("absent")
	if tb.index != nil {
		t.Fatalf("%d variables left: still indexed", len(tb.entries))
	}
	got := ""
	for _, e := range tb.sorted() {
		got += fmt.Sprintf("%s=%v@%d ", e.name, e.value, e.tick)
	}
	want := "v01=1@1 v03=33@2 v05=5@1 v07=7@1 v09=9@1 v10=10@1 v11=11@1 v12=12@1 v13=13@1 v14=14@1 v15=15@1 v16=16@1 v17=17@1 v18=18@1 v19=19@1 "
	if got != want {
		t.Fatalf("sorted:\n got %s\nwant %s", got, want)
	}
	if tb.get("v00") != nil || tb.get("v08") != nil {
		t.Fatal("removed variables still found")
	}
}
