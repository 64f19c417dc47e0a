// Package vm owns the Lua side of a host: a VM is one Lua state with its
// stack limits, print, btlua's libraries (bt, goap, btai), the string
// limits (string.rep, table.concat, string.format, the patterns and the
// .. operator capped at a maximum string size; tail calls' tracebacks),
// the checks of os.time and os.date, its coroutines' CPU budget and
// count against the memory limit, and the sandbox (what stays of the
// libraries, the library tables made read-only, require kept inside the
// script roots); with the compiled prototypes a host's states share,
// where the Lua files are read (the OS or an fs.FS), and the conversion
// of values between Lua and Go. It imports gopher-lua, gopher-luar,
// btlua's Lua bindings and the host's budget, never the host: what names
// an agent or a shard, and require's record of loaded files, stay there
// (Options.Install).
package vm
