//go:build !unix

package host

import "time"

// cpuTime is 0 where getrusage is missing: benchTicks then reports a
// CPU time of 0.
func cpuTime() time.Duration { return 0 }
