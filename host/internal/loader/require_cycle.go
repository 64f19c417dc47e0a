package loader

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// requiring is a module whose file require is running: its name and its
// file as found.
type requiring struct{ name, path string }

// installCycleCheck wraps require so that a require of a module whose
// file is running already (a cycle: a requires b, which requires a)
// fails naming the chain of files, "require cycle: b.lua -> a.lua ->
// b.lua", where Lua's require says only "loop or previous error loading
// module". Any other require goes to gopher-lua's own.
func (l *Loader) installCycleCheck() {
	L := l.vm.L
	req, ok := L.GetGlobal("require").(*lua.LFunction)
	if !ok {
		return
	}
	L.SetGlobal("require", L.NewFunction(func(L *lua.LState) int {
		name := L.CheckString(1)
		for i, r := range l.requiring {
			if r.name == name {
				chain := make([]string, 0, len(l.requiring)-i+1)
				for _, r := range l.requiring[i:] {
					chain = append(chain, r.path)
				}
				L.RaiseError("require cycle: %s", strings.Join(append(chain, r.path), " -> "))
			}
		}
		L.Push(req)
		L.Push(L.Get(1))
		L.Call(1, 1)
		return 1
	}))
}

// running notes that require runs the file path of module name, and
// returns the function that ends it (deferred: an error unwinds through
// it too).
func (l *Loader) running(name, path string) func() {
	l.requiring = append(l.requiring, requiring{name, path})
	n := len(l.requiring)
	return func() { l.requiring = l.requiring[:n-1] }
}
