package engine

import (
	"github.com/btlua/btlua/stdlib/bt"
)

// Profile is host.Profile, field for field.
type Profile struct {
	Tasks, Classes []bt.ProfileRow
}

// StartProfile is host.Host.StartProfile.
func (h *Runtime) StartProfile(clock func() int64) {
	defer h.use("StartProfile").Leave()
	h.profiles = nil
	for _, s := range h.eng.States() {
		p := bt.NewProfiler(clock)
		s.VM.Lib.SetProfiler(p)
		h.profiles = append(h.profiles, p)
	}
	h.attachProfiles()
}

// StopProfile is host.Host.StopProfile.
func (h *Runtime) StopProfile() {
	defer h.use("StopProfile").Leave()
	for _, s := range h.eng.States() {
		s.VM.Lib.SetProfiler(nil)
	}
	h.attachProfiles()
}

// Profiling is host.Host.Profiling.
func (h *Runtime) Profiling() bool {
	defer h.use("Profiling").Leave()
	return len(h.profiles) > 0 && h.eng.States()[0].VM.Lib.Profiler() != nil
}

// Profile is host.Host.Profile.
func (h *Runtime) Profile() Profile {
	defer h.use("Profile").Leave()
	tasks, classes := bt.MergeProfiles(h.profiles...)
	return Profile{Tasks: tasks, Classes: classes}
}

// attachProfiles gives every agent's tree its Lua state's profiler (nil
// when off).
func (h *Runtime) attachProfiles() {
	for _, a := range h.eng.AgentList() {
		a.Tree().BT.Profiler = a.State.VM.Lib.Profiler()
	}
}
