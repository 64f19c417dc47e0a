package conformance_test

import (
	"testing"

	"github.com/btlua/btlua/tests/conformance"
)

func TestGoLeaves(t *testing.T) {
	conformance.Run(t, conformance.GoLeaves{})
}
