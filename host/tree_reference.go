package host

import (
	"fmt"
	"path/filepath"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// referenceSource: a file a BTBehaviorTreeReference runs; its return
// value is the subtree (or a factory of it). A reload merges its globals
// like a dofile's and then rebuilds the subtrees whose structure changed
// (see reloadReferences).
const referenceSource sourceKind = 100

// installReferences makes BTBehaviorTreeReference find its files as
// require does: relative to the folder of the script that makes the
// reference, in Options.FS when set, inside the sandbox's script roots;
// and record them for hot reload.
func (h *state) installReferences() {
	h.vm.Lib.SetReferenceLoader(h.loadReference)
}

// loadReference is the host's btlib.ReferenceLoader.
func (h *state) loadReference(L *lua.LState, from, path string) (string, *lua.LFunction, error) {
	file := path
	if from != "" && !filepath.IsAbs(path) {
		file = h.vm.Files.Join(h.vm.Files.Dir(from), path)
	}
	if !h.vm.Sandbox.Inside(file) {
		return "", nil, fmt.Errorf("%s is outside the script folders (btlua sandbox)", file)
	}
	var fn *lua.LFunction
	if src := h.sources[h.vm.Files.Key(file)]; src != nil && src.reloading != nil {
		// A reload of the file rebuilds its subtrees from the text it
		// reloads (the file may be changing again).
		fn = L.NewFunctionFromProto(src.reloading)
	} else {
		if _, err := h.vm.Files.Stat(file); err != nil {
			return "", nil, fmt.Errorf("no file %s", file)
		}
		var err error
		if fn, err = h.vm.LoadFile(file); err != nil {
			return "", nil, err
		}
	}
	src := h.track(file, referenceSource, "")
	return file, L.NewFunction(func(L *lua.LState) int {
		if !src.ran {
			src.ran = true
			return h.runRecording(src, fn)
		}
		// A later run (one instance per reference) is staged like a
		// script's second LoadFile, so the classes it defines stay one set
		// of tables, which a reload updates for every instance.
		st, err := h.stage(fn.Proto, nil)
		if err != nil {
			L.RaiseError("%s", luaerr.From(luaerr.Stringify(L, err), "").Error())
		}
		h.commit(st)
		h.recordDefined(src, st)
		for _, v := range st.Rets {
			L.Push(v)
		}
		return len(st.Rets)
	}), nil
}
