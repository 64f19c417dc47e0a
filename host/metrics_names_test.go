package host

import "github.com/btlua/btlua/host/internal/budget"

// The runtime metrics the memory limit reads (package budget), for the
// tests that watch the heap.
const (
	heapMetric = budget.HeapMetric
	liveMetric = budget.LiveMetric
)
