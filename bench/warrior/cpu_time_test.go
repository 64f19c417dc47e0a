package warrior

import (
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used
// so far: on a machine whose cores other work shares, the CPU time of a
// benchmark's loop moves far less than its wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuPerOp reports the process's CPU time per op of b's loop since
// start (a processCPU reading) as "cpu-ms/op".
func cpuPerOp(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
