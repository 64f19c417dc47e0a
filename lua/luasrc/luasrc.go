// Package luasrc holds the Lua sources btlua ships, embedded in the
// binary: the Lua half of the libraries (methods that are plain Lua over
// Lua fields) and their LuaLS annotations for editors. The files the
// libraries run are also compiled ahead, into protos_gen.go: after an
// edit of bt.lua, btai.lua or goap.lua, run go generate ./lua/luasrc
// (TestPrecompiledAsCompiled fails until then).
package luasrc

import (
	"embed"
	"fmt"
	"io/fs"

	lua "github.com/yuin/gopher-lua"
)

//go:generate go run ./gen

//go:embed *.lua
var files embed.FS

// Files returns the embedded Lua sources (bt.lua, bt_classes.lua,
// btai.lua, goap.lua), which are also the LuaLS stubs of the libraries.
func Files() fs.FS { return files }

// Run runs the embedded file name in L. Its chunk name is
// "btlua/<name>", so errors in it are told apart from the user's scripts.
// The file is compiled once per process (see compiled): every other
// state gets a closure of the same prototype. Errors are a missing file,
// and the file's own compile or run errors, each prefixed "luasrc: ".
// The chunk gets args as its arguments (...).
func Run(L *lua.LState, name string, args ...lua.LValue) error {
	proto, err := compile(name)
	if err != nil {
		return err
	}
	L.Push(L.NewFunctionFromProto(proto))
	for _, a := range args {
		L.Push(a)
	}
	if err := L.PCall(len(args), 0, nil); err != nil {
		return fmt.Errorf("luasrc: %s: %w", name, err)
	}
	return nil
}
