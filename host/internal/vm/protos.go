package vm

import (
	"bytes"
	"sync"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Protos keeps the compiled prototype of each Lua file's latest text, so
// that a file loaded many times (a script for 1000 NPCs, a module every
// shard requires) is parsed and compiled once. A *lua.FunctionProto is
// read-only once compiled, so the Lua states of a sharded host (see
// a sharded host) share it: each makes its own closure of it. It is safe
// for concurrent use (shards may require a module during their ticks).
type Protos struct {
	mu sync.Mutex
	m  map[string]cachedProto // by the file's path as given to compile
}

// cachedProto is the prototype of one text of a file.
type cachedProto struct {
	text  string
	proto *lua.FunctionProto
}

// Function returns a closure in L of the file at path with the text src
// (already stripped of a byte order mark and a shebang), compiling it
// only when this text was not compiled before. Errors are L.Load's, or
// luaerr.NestedTooDeep's for a text the compiler cannot take.
func (p *Protos) Function(L *lua.LState, path string, src []byte) (*lua.LFunction, error) {
	p.mu.Lock()
	c, ok := p.m[path]
	p.mu.Unlock()
	if ok && c.text == string(src) {
		return L.NewFunctionFromProto(c.proto), nil
	}
	if err := luaerr.NestedTooDeep(path, src); err != nil {
		return nil, err // the compiler would overflow the Go stack
	}
	fn, err := L.Load(bytes.NewReader(src), path)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.m == nil {
		p.m = map[string]cachedProto{}
	}
	p.m[path] = cachedProto{text: string(src), proto: fn.Proto}
	p.mu.Unlock()
	return fn, nil
}
