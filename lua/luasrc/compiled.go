package luasrc

import (
	"fmt"
	"sync"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// protos holds the compiled prototype of each embedded file run so far,
// by name: the files never change in a process, and a prototype is
// read-only once compiled, so every Lua state (every host, every shard)
// shares it and only the first to run a file parses it.
var protos sync.Map // name -> *lua.FunctionProto

// compiled returns the kept prototype of name, if it was compiled.
func compiled(name string) (*lua.FunctionProto, bool) {
	p, ok := protos.Load(name)
	if !ok {
		return nil, false
	}
	return p.(*lua.FunctionProto), true
}

// compile returns name's prototype: the generated one (precompiled.go)
// when there is one, else compiled from the source at the first call.
// Two states compiling the same file at once both compile it; one
// result is kept.
func compile(name string) (*lua.FunctionProto, error) {
	if p, ok := compiled(name); ok {
		return p, nil
	}
	if p := precompiled(name); p != nil {
		p, _ := protos.LoadOrStore(name, p)
		return p.(*lua.FunctionProto), nil
	}
	src, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("luasrc: %w", err)
	}
	chunk, err := parse.Parse(bytesReader(src), "btlua/"+name)
	if err != nil {
		return nil, fmt.Errorf("luasrc: %s: %w", name, err)
	}
	proto, err := lua.Compile(chunk, "btlua/"+name)
	if err != nil {
		return nil, fmt.Errorf("luasrc: %s: %w", name, err)
	}
	p, _ := protos.LoadOrStore(name, proto)
	return p.(*lua.FunctionProto), nil
}
