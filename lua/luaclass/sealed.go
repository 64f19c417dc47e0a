package luaclass

import lua "github.com/yuin/gopher-lua"

// Seal records proxy as the read-only stand-in scripts see for the
// library table real (the host's sandbox makes such proxies of the class
// tables): Unseal maps it back, for Go code that needs the table itself,
// such as a class's New, whose instances get real as their metatable.
func (s *State) Seal(real, proxy *lua.LTable) {
	if s.sealed == nil {
		s.sealed = map[*lua.LTable]*lua.LTable{}
	}
	s.sealed[proxy] = real
}

// Unseal returns the table t stands for when t is a proxy Seal recorded,
// else t.
func (s *State) Unseal(t *lua.LTable) *lua.LTable {
	if r, ok := s.sealed[t]; ok {
		return r
	}
	return t
}
