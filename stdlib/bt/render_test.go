package bt_test

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func TestRender(t *testing.T) {
	var log []string
	root := name("Root", bt.NewSelector(
		bt.NewSequence(newCond(&log, "IsVisible", false), newAct(&log, "Shoot")),
		newAct(&log, "Patrol", R),
	))
	tr := bt.NewBehaviorTree(root)
	tr.Tick(1)
	want := `Root (Selector) Running
  Sequence (Sequence) Failure
    IsVisible (cond) Failure
    Shoot (act) Inactive
  Patrol (act) Running
`
	if got := bt.Render(root); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if got := bt.Render(nil); got != "<nil>\n" {
		t.Fatalf("nil: %q", got)
	}
}

func TestDOT(t *testing.T) {
	var log []string
	root := name("Root", bt.NewSequence(newAct(&log, "A", R), newAct(&log, "B")))
	bt.NewBehaviorTree(root).Tick(1)
	got := bt.DOT(root)
	for _, want := range []string{
		`digraph "bt" {`,
		`n0 [label="Root\n(Sequence)\nRunning", fillcolor="#7ccd7c"];`,
		`n1 [label="A\n(act)\nRunning", fillcolor="#7ccd7c"];`,
		`n2 [label="B\n(act)\nInactive"];`,
		"n0 -> n1;", "n0 -> n2;",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("DOT lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, "}\n") {
		t.Errorf("DOT not closed:\n%s", got)
	}
}

func TestTraceObserver(t *testing.T) {
	var log []string
	a := newAct(&log, "A", R, S)
	root := name("Root", bt.NewSequence(a, newAct(&log, "B", R)))
	tr := bt.NewBehaviorTree(root)
	o := bt.NewTraceObserver(nil)
	tr.Observer = o
	tr.Tick(1)
	got := bt.FormatChanges(o.Changes(root))
	want := "Root: Inactive -> Running\nRoot/A[1]: Inactive -> Running\n"
	if got != want {
		t.Fatalf("tick 1 changes:\n%s", got)
	}
	if len(o.Events) != 2 || o.Events[0].String() != "start Root" || o.Events[1].String() != "start Root/A[1]" {
		t.Fatalf("events %v", o.Events)
	}
	o.ClearEvents()
	tr.Tick(1)
	got = bt.FormatChanges(o.Changes(root))
	want = "Root/A[1]: Running -> Success\nRoot/B[2]: Inactive -> Running\n"
	if got != want {
		t.Fatalf("tick 2 changes:\n%s", got)
	}
	if len(o.Events) != 2 || o.Events[0].String() != "end Root/A[1] Success" || o.Events[0].Tick != 2 {
		t.Fatalf("events %v", o.Events)
	}
	tr.Tick(1)
	if c := o.Changes(root); len(c) != 0 {
		t.Fatalf("no change expected, got %v", c)
	}
}

// DOTGraph names the graph with any text, quoted and escaped, and shows
// a composite's abort type.
func TestDOTGraph(t *testing.T) {
	var log []string
	seq := bt.NewSequence(newAct(&log, "A", R))
	seq.Abort = bt.AbortLowerPriority
	root := name("Root", seq)
	got := bt.DOTGraph("say \"hi\"\\ é\nx\x01", root)
	want := `digraph "say \"hi\"\\ é\nx " {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="Root\n(Sequence)\nInactive\nabort: LowerPriority"];
  n1 [label="A\n(act)\nInactive"];
  n0 -> n1;
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if q := bt.DOTQuote("a\xffb"); q != "\"a\uFFFDb\"" {
		t.Errorf("DOTQuote of invalid UTF-8: %q", q)
	}
}
