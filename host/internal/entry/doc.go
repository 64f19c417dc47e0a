// Package entry is how a host knows which goroutine is inside it: Curg,
// an identity of the calling goroutine for about a nanosecond (its
// runtime descriptor's address, read in assembly on amd64 and arm64; its
// number from a stack trace elsewhere), and Guard, the owner of a host or
// of one Lua state with its nested calls, which refuses another
// goroutine and can be lent to a shard's worker for a frame. It knows no
// host: what a refusal says is the caller's.
package entry
