// Package vm holds the Lua side of a host: the Lua state with its stack
// limits, the compiled prototypes shared by a host's states, the string limits
// (string.rep, table.concat, string.format, the patterns and the ..
// operator capped at a maximum string size, and tail calls' traceback), the sandbox (what stays of the libraries, the
// library tables made read-only, require kept inside the script roots), where the
// Lua files are read (the OS or an fs.FS), and the conversion of values
// between Lua and Go. It imports gopher-lua, gopher-luar and btlua's Lua
// bindings, and never the host: what names an agent or a shard stays
// there.
package vm
