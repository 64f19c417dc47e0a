package bt_test

import (
	"math"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A NaN operand is refused for every operator, naming the variable and
// the operator: no variable value could ever compare true with it.
func TestVarTestRefusesNaN(t *testing.T) {
	for _, c := range []struct {
		op   bt.CompareOp
		want string
	}{
		{bt.OpLess, "health <: the value to compare with is NaN (NaN compares false with every value)"},
		{bt.OpEqual, "health ==: the value to compare with is NaN (NaN compares false with every value)"},
		{bt.OpNotEqual, "health ~=: the value to compare with is NaN (NaN compares false with every value)"},
	} {
		_, err := bt.NewVarTest("health", c.op, math.NaN(), false)
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: err %v, want %q", c.op, err, c.want)
		}
	}
	if _, err := bt.NewVarTest("health", bt.OpLess, float32(math.NaN()), true); err == nil {
		t.Error("float32 NaN accepted")
	}
}
