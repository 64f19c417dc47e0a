package inspect

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The model keeps statuses and end causes by codes: a bt.Status's code
// names it in stepStatus, an early end's bt.EndKind is its code in
// stepCauses.
func TestStatusAndCauseCodes(t *testing.T) {
	for _, s := range []bt.Status{bt.Inactive, bt.Failure, bt.Success, bt.Running} {
		if got := stepStatus[statusCode(s)]; got != s.String() {
			t.Errorf("status %v has code %d, named %q", s, statusCode(s), got)
		}
	}
	for k := bt.EndAborted; k <= bt.EndReload; k++ {
		if int(k) >= len(stepCauses) || stepCauses[k] != k.String() {
			t.Errorf("end kind %v (%d) is not its code in stepCauses %q", k, k, stepCauses)
		}
	}
}
