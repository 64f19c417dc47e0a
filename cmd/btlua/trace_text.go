package main

import "github.com/btlua/btlua/lua/luaerr"

// traceText returns s (a tree name, or the text of a trace line after
// it) as --trace writes it: as it is, unless it holds a control character
// (a newline in a task's name would split the line), invalid UTF-8 or
// begins with a double quote; then quoted as Go's %q does ("line\nbreak"
// is written "\"line\\nbreak\""), so that every trace line is one line and a
// quoted text cannot be taken for a plain one. Errors write names the
// same way (luaerr.Shown).
func traceText(s string) string { return luaerr.Shown(s) }
