package stateload

import "testing"

// overText tells a heap just over the limit from the limit.
func TestOverText(t *testing.T) {
	for _, c := range []struct {
		heap, limit uint64
		want        string
	}{
		{1<<30 + 1<<17, 1 << 30, "1.00012 GiB"},
		{1<<30 + 1<<28, 1 << 30, "1.25 GiB"},
		{16<<20 + 1<<10, 16 << 20, "16.001 MiB"},
		{20 << 20, 16 << 20, "20 MiB"},
	} {
		if got := overText(c.heap, c.limit); got != c.want {
			t.Errorf("overText(%d, %d) = %q, want %q", c.heap, c.limit, got, c.want)
		}
	}
}
