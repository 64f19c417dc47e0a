package liblimits

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// DefaultMaxChunkSize is Options.MaxChunkSize's default: 256 KiB of
// source, which gopher-lua compiles in at most about 0.7 s and 150 MB
// (source nested as deep as it can be) on the 2-core test machine.
const DefaultMaxChunkSize = 256 << 10

// maxDateFormat is the longest format os.date takes, in bytes: each
// conversion costs gopher-lua microseconds of Go code no budget stops, so
// a format of megabytes ran for tens of seconds.
const maxDateFormat = 64 << 10

// LimitChunks wraps loadstring and load so that a chunk whose source is
// over max bytes is refused before gopher-lua compiles it: the call
// returns nil and the reason, as it does for a syntax error. load reads
// its reader's pieces itself, counting them, and gives up at the first
// piece past the cap. max < 0 means no cap.
func LimitChunks(L *lua.LState, max int64) {
	if max == 0 {
		max = DefaultMaxChunkSize
	}
	if max < 0 {
		return
	}
	loadstring, ok := L.GetGlobal("loadstring").(*lua.LFunction)
	if !ok {
		return
	}
	tooBig := func(L *lua.LState, size int) int {
		L.Push(lua.LNil)
		L.Push(lua.LString("chunk of " + bytesText(float64(size)) + ", over the maximum chunk size of " +
			bytesText(float64(max)) + " (Options.MaxChunkSize)"))
		return 2
	}
	compile := func(L *lua.LState, src string, name lua.LValue) int {
		L.Push(loadstring)
		L.Push(lua.LString(src))
		L.Push(name)
		L.Call(2, 2)
		return 2
	}
	L.SetGlobal("loadstring", L.NewFunction(func(L *lua.LState) int {
		src := L.CheckString(1)
		if int64(len(src)) > max {
			return tooBig(L, len(src))
		}
		return compile(L, src, lua.LString(L.OptString(2, "<string>")))
	}))
	if _, ok := L.GetGlobal("load").(*lua.LFunction); !ok {
		return
	}
	L.SetGlobal("load", L.NewFunction(func(L *lua.LState) int {
		reader := L.CheckFunction(1)
		name := lua.LString(L.OptString(2, "?"))
		var src strings.Builder
		for {
			L.Push(reader)
			L.Call(0, 1)
			piece := L.Get(-1)
			L.Pop(1)
			if piece == lua.LNil {
				break
			}
			if !lua.LVCanConvToString(piece) {
				L.Push(lua.LNil)
				L.Push(lua.LString("reader function must return a string"))
				return 2
			}
			s := piece.String()
			if s == "" {
				break
			}
			if int64(src.Len())+int64(len(s)) > max {
				return tooBig(L, src.Len()+len(s))
			}
			src.WriteString(s)
		}
		return compile(L, src.String(), name)
	}))
}
