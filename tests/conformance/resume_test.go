package conformance_test

import (
	"testing"

	"github.com/btlua/btlua/tests/conformance"
)

// TestResumedEveryStep saves every case after each of its steps, loads
// the state into a tree built afresh and checks the rest of the steps.
func TestResumedEveryStep(t *testing.T) {
	runs := 0
	for _, c := range conformance.Cases() {
		for k := 1; k < len(c.Steps); k++ {
			if err := conformance.RunCaseResumed(c, conformance.GoLeaves{}, k); err != nil {
				t.Error(err)
			}
			runs++
		}
	}
	t.Logf("%d resumed runs", runs)
}
