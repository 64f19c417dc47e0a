package engine

import (
	"github.com/btlua/btlua/host/internal/reload"
)

// classesOf records the task classes src defines now (see
// reload.Classes).
func (h *state) classesOf(src *source) reload.Classes {
	module := ""
	if src.Kind == moduleSource {
		module = src.Module
	}
	return reload.ClassesOf(h.vm.L, h.vm.Lib, src.Defined, module)
}
