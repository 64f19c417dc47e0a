package state

import (
	"github.com/btlua/btlua/host/internal/reload"
)

// classesOf records the task classes src defines now (see
// reload.Classes).
func (h *State) classesOf(src *Source) reload.Classes {
	module := ""
	if src.Kind == moduleSource {
		module = src.Module
	}
	return reload.ClassesOf(h.VM.L, h.VM.Lib, src.Defined, module)
}
