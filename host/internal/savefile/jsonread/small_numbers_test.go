package jsonread

import "testing"

// TestSmallNumbers checks the literal table: entry i is the float64 i.
func TestSmallNumbers(t *testing.T) {
	for i, v := range smallNumbers {
		if f, ok := v.(float64); !ok || f != float64(i) {
			t.Fatalf("smallNumbers[%d] = %#v, want float64(%d)", i, v, i)
		}
	}
}
