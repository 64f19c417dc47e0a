package main

import (
	"errors"
	"fmt"
	"syscall"
)

// busyHint adds to a listen error for an address in use (EADDRINUSE)
// how to get a free port: --inspect and replay default to one fixed
// address, which a second btlua finds taken. Other errors are returned
// as they are.
func busyHint(err error) error {
	if !errors.Is(err, syscall.EADDRINUSE) {
		return err
	}
	return fmt.Errorf("%w (another program, or another btlua, listens there: give another port, or --inspect=127.0.0.1:0 for a free one)", err)
}
