package main

import "strings"

// hostError is an error of the host package as btlua prints it: without
// the "host: " the package puts before its errors for Go callers
// (host/errors.go), which after btlua's own "--save FILE: " would name
// an internal package. errors.Is and errors.As see the host's error.
type hostError struct{ err error }

// Error returns the host's text less its leading "host: ".
func (e hostError) Error() string { return strings.TrimPrefix(e.err.Error(), "host: ") }

// Unwrap returns the host's error.
func (e hostError) Unwrap() error { return e.err }
