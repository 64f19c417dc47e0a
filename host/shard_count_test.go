package host

import (
	"fmt"
	"io"
	"testing"
)

// New refuses a shard count above MaxShards (each shard is a Lua state,
// so 100000 would take tens of GB) and a negative one, naming the value.
func TestNewBoundsShards(t *testing.T) {
	for _, n := range []int{MaxShards + 1, 100000, -1} {
		want := fmt.Sprintf("host: Shards must be between 0 and %d, got %d", MaxShards, n)
		if _, err := New(Options{Shards: n, Stdout: io.Discard}); err == nil || err.Error() != want {
			t.Errorf("New(Shards: %d) = %v, want %q", n, err, want)
		}
	}
	if MaxShards != 256 {
		t.Errorf("MaxShards = %d, want 256", MaxShards)
	}
}
