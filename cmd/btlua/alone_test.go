package main

import (
	"testing"
	"time"
)

// runAlone is runCLI in a process of its own (startCLI), for tests whose
// outcome depends on the process's heap: the memory limit reads the heap
// of the whole process, and a run before it in the same process (a host
// its goroutines have not let go of yet) would count against it.
func runAlone(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	c := startCLI(t, args...)
	if !c.wait(time.Minute) {
		t.Fatalf("btlua %v did not exit within a minute", args)
	}
	return c.code, c.out.String(), c.errOut.String()
}
