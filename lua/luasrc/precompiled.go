package luasrc

import (
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The prototypes of the files the libraries run are compiled when
// go generate runs (gen/protos.go writes protos_gen.go), not at start-up:
// parsing and compiling bt.lua, btai.lua and goap.lua took a third of the
// Lua state's opening (issue 23, start-up). gopher-lua's FunctionProto
// keeps, besides its exported fields, the string form of each constant
// (stringConstants, which the global reads and writes index); it is not
// exported, so precompiled fills it through its offset. With another
// gopher-lua layout the files are compiled from source as before.
// TestPrecompiledAsCompiled checks that the generated prototypes are
// those gopher-lua compiles from the embedded sources.

// stringConstantsOffset is the offset of FunctionProto's stringConstants,
// its last field, right after DbgUpvalues; stringConstantsOK is whether
// the struct ends with one []string-sized field there. No reflection at
// start-up (it cost a tenth of a millisecond): TestPrecompiledAsCompiled
// checks the field by name and type.
const (
	stringConstantsOffset = unsafe.Offsetof(lua.FunctionProto{}.DbgUpvalues) + unsafe.Sizeof([]string(nil))
	stringConstantsOK     = unsafe.Sizeof(lua.FunctionProto{}) == stringConstantsOffset+unsafe.Sizeof([]string(nil))
)

// fillMu guards the filling of the generated prototypes: two states may
// run a file for the first time at once.
var fillMu sync.Mutex

// precompiled returns the generated prototype of name, its string
// constants filled, or nil when name has none or the layout does not
// allow it.
func precompiled(name string) *lua.FunctionProto {
	p := precompiledProto(name)
	if p == nil || !stringConstantsOK {
		return nil
	}
	fillMu.Lock()
	defer fillMu.Unlock()
	fillStringConstants(p)
	return p
}

// fillStringConstants sets the string constants of p and its nested
// prototypes as gopher-lua's compiler does: one per constant, the
// string's value for a string and "" for a number.
func fillStringConstants(p *lua.FunctionProto) {
	sc := (*[]string)(unsafe.Add(unsafe.Pointer(p), stringConstantsOffset))
	if *sc == nil {
		s := make([]string, len(p.Constants))
		for i, c := range p.Constants {
			if v, ok := c.(lua.LString); ok {
				s[i] = string(v)
			}
		}
		*sc = s
	}
	for _, fp := range p.FunctionPrototypes {
		fillStringConstants(fp)
	}
}
