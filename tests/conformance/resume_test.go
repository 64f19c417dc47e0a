package conformance_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/tests/conformance"
)

// TestResumedEveryStep saves every case after each of its steps, loads
// the state into a tree built afresh and checks the rest of the steps. A
// save is refused only where a tree reference's subtree was swapped at run
// time (bt.ErrSwappedReference): there, and only there, after the swap.
func TestResumedEveryStep(t *testing.T) {
	runs := 0
	var refused []string
	for _, c := range conformance.Cases() {
		for k := 1; k < len(c.Steps); k++ {
			err := conformance.RunCaseResumed(c, conformance.GoLeaves{}, k)
			if errors.Is(err, bt.ErrSwappedReference) {
				refused = append(refused, fmt.Sprintf("%s after step %d", c.Name, k))
				continue
			}
			if err != nil {
				t.Error(err)
			}
			runs++
		}
	}
	if want := []string{"reference/swap-while-running after step 2"}; !slices.Equal(refused, want) {
		t.Errorf("saves refused %q, want %q", refused, want)
	}
	t.Logf("%d resumed runs", runs)
}
