package statereload

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/state"
)

// classesOf records the task classes src defines now (see
// reload.Classes).
func classesOf(h *state.State, src *state.Source) reload.Classes {
	module := ""
	if src.Kind == loader.Module {
		module = src.Module
	}
	return reload.ClassesOf(h.VM.L, h.VM.Lib, src.Defined, module)
}
