package state

import (
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// DoString runs code in the state and returns its values as Go values.
func (s *State) DoString(code string) ([]any, error) {
	L := s.VM.L
	top := L.GetTop()
	fn, err := L.LoadString(code)
	if err == nil {
		L.Push(fn)
		err = luaerr.PCall(L, 0, lua.MultRet)
	}
	if err != nil {
		L.SetTop(top)
		return nil, luaerr.From(luaerr.Stringify(L, err), "")
	}
	out := make([]any, 0, L.GetTop()-top)
	for i := top + 1; i <= L.GetTop(); i++ {
		out = append(out, vm.GoValue(L.Get(i)))
	}
	L.SetTop(top)
	return out, nil
}
