package luavm

import (
	"context"
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua's SetContext makes a state run mainLoopWithContext, which
// selects on the context's Done channel before every instruction: an
// interface call and a channel poll per instruction, 8-9% of a Lua leaf's
// time under the host's CPU budget (issue 23). SetContext below sets the
// same context on the state (Context returns it, gopher-lua's channel
// library and coroutines see it) but keeps the plain loop, and the hooks
// below poll the context only where Lua code can run on without end: a
// backward jump (while, repeat, the generic for), a numeric for's loop
// step, a call, a tail call and a return (a Lua function a Go function
// calls again and again, a table.sort comparator, returns each time). A
// state with no context pays one nil test at these instructions. The
// error raised is the one gopher-lua raises (the context's Err, located
// at the instruction), at the next of these instructions rather than at
// the next instruction. TestPollStopsLoops checks it against gopher-lua's
// own loop.

// opMaxArgSbx is gopher-lua's bias of an sBx operand (18 bits).
const opMaxArgSbx = (1<<18 - 1) >> 1

func init() {
	for _, op := range []int{lua.OP_FORLOOP, lua.OP_CALL, lua.OP_TAILCALL, lua.OP_RETURN} {
		luaJumpTable[op] = polled(luaJumpTable[op])
	}
	jmp := luaJumpTable[lua.OP_JMP]
	luaJumpTable[lua.OP_JMP] = func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
		if int(inst&0x3ffff) < opMaxArgSbx { // sBx < 0: a jump back
			poll(L)
		}
		return jmp(L, inst, base)
	}
}

// polled returns orig run after a poll of L's context.
func polled(orig func(L *lua.LState, inst uint32, base unsafe.Pointer) int) func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
	return func(L *lua.LState, inst uint32, base unsafe.Pointer) int {
		poll(L)
		return orig(L, inst, base)
	}
}

// poll raises L's context's error, as gopher-lua's mainLoopWithContext
// does, when the context is done.
func poll(L *lua.LState) {
	ctx := L.Context()
	if ctx == nil {
		return
	}
	ch := ctx.Done()
	if ch == nil {
		return
	}
	select {
	case <-ch:
		L.RaiseError("%s", ctx.Err().Error())
	default:
	}
}

// SetContext sets ctx (not nil) on L, as L.SetContext does, but with L
// running gopher-lua's plain instruction loop: ctx is polled at the
// instructions the hooks above wrap. L.RemoveContext removes it.
// With a gopher-lua whose LState this package does not know (no ctx field
// of type context.Context) it is L.SetContext.
func SetContext(L *lua.LState, ctx context.Context) {
	if !ctxField.ok {
		L.SetContext(ctx)
		return
	}
	L.RemoveContext() // the plain loop
	*(*context.Context)(unsafe.Add(unsafe.Pointer(L), ctxField.offset)) = ctx
}

// ctxField is the offset of LState.ctx, the context Context returns; ok
// when found with its type.
var ctxField = func() (f struct {
	offset uintptr
	ok     bool
}) {
	ctx, ok := reflect.TypeOf(lua.LState{}).FieldByName("ctx")
	if ok && ctx.Type == reflect.TypeOf((*context.Context)(nil)).Elem() {
		f.offset, f.ok = ctx.Offset, true
	}
	return f
}()
