// Package luavm reaches into gopher-lua's virtual machine where its API
// stops: the registers and constants of the running Lua frame (frame.go),
// for the instruction hooks of the bindings, and exact fast paths of its
// instructions (mod.go: the % of two whole numbers without math.Mod),
// and a context's poll at loops and calls only (poll.go: SetContext, for
// the host's CPU budget).
// Every fast path gives the bits gopher-lua's own instruction gives, on
// the same operands (its tests run both); with a gopher-lua whose layout
// this package does not know (the reflect checks at init fail), nothing
// is hooked and Frames reports false.
package luavm
