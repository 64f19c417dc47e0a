package host

import (
	"github.com/btlua/btlua/host/internal/reload"
)

// definer returns the file that defined the global table name (a file
// required during another file's run claims its own globals first).
func (h *state) definer(name string) *source {
	for _, abs := range h.order {
		src := h.sources[abs]
		for _, n := range src.defined {
			if n == name {
				return src
			}
		}
	}
	return nil
}

// classesOf records the task classes src defines now (see
// reload.Classes).
func (h *state) classesOf(src *source) reload.Classes {
	module := ""
	if src.kind == moduleSource {
		module = src.module
	}
	return reload.ClassesOf(h.vm.L, h.vm.Lib, src.defined, module)
}
