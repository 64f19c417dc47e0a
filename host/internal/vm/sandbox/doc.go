// Package sandbox restricts a Lua state for scripts the embedder does
// not trust (the host's Options.Sandbox): what stays of the standard
// libraries, the library tables and btlua's classes and modules made
// read-only (seal.go), and the script roots that require must stay
// inside (Inside, OutsideCandidate, CheckModuleName). It reads no file
// and knows no host or VM: package vm applies it to a state it opened
// and asks it where require may look.
package sandbox
