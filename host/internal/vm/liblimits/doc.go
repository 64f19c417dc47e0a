// Package liblimits bounds what one call into gopher-lua's standard
// libraries can cost or return wrong in a btlua Lua state: the string
// functions and the .. operator capped at the host's maximum string size
// (string.rep, table.concat, string.format, the patterns of
// lua/luapattern), the source loadstring and load compile capped at a
// chunk size, tail calls' tracebacks kept short, and os.time and os.date
// refusing times they would get silently wrong. It wraps the functions of
// one state (LimitStrings, LimitChunks, CheckTime) and hooks two of
// gopher-lua's instructions for the whole process (hooks.go). It knows no
// host, VM or sandbox: package vm applies it when it opens a state.
package liblimits
