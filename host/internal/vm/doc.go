// Package vm owns the Lua side of a host: a VM is one Lua state with its
// stack limits, print, btlua's libraries (bt, goap, btai), its
// coroutines' CPU budget and count against the memory limit, the
// libraries' limits (package liblimits: string sizes, chunk size,
// tail-call tracebacks, os.time and os.date) and, when asked, the
// sandbox (package sandbox); with the compiled prototypes a host's states
// share, where the Lua files are read (the OS or an fs.FS) and how
// require finds a module, and the conversion of values between Lua and
// Go. It imports gopher-lua, gopher-luar, btlua's Lua bindings and the
// host's budget, never the host: what names an agent or a shard, and
// require's record of loaded files, stay there (Options.Install).
package vm
