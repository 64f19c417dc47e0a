package goap

import (
	"strings"
	"testing"
)

// A traced search shows a successor dropped by dominance pruning with its
// own state (the trace used to read the state of node -1 and panic).
func TestExplainTracesDominatedSuccessor(t *testing.T) {
	p := &Planner{Trace: true}
	mustPlan(t, p, ws("gold", 0), goal("rich", Cond("gold", OpGe, Number(4))), []*Action{
		act("Earn", 1, nil, Add("gold", 2)),
		act("EarnLess", 1, nil, Add("gold", 1)),
	}, []string{"Earn", "Earn"}, 2)
	const want = "  + EarnLess -> g=1 dominated {gold=1}\n"
	if got := p.Explain(); !strings.Contains(got, want) {
		t.Fatalf("Explain lacks %q:\n%s", want, got)
	}
}
