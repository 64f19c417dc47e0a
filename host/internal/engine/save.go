package engine

import (
	"github.com/btlua/btlua/host/internal/hostsave"
	"github.com/btlua/btlua/host/internal/state"
)

// This file hands the saves and restores of every state to package
// host/internal/hostsave, with the Runtime as its hostsave.Runtime
// (saveSide).

// SnapshotAll is host.Host.SnapshotAll.
func (h *Runtime) SnapshotAll() ([]byte, error) { return hostsave.SnapshotAll(saveSide{h}) }

// Restore is host.Host.Restore.
func (h *Runtime) Restore(data []byte) (*state.Agent, error) {
	return hostsave.Restore(saveSide{h}, data)
}

// RestoreAll is host.Host.RestoreAll.
func (h *Runtime) RestoreAll(data []byte) ([]*state.Agent, error) {
	return hostsave.RestoreAll(saveSide{h}, data)
}

// ChunkLocals is host.Host.ChunkLocals.
func (h *Runtime) ChunkLocals() (*hostsave.ChunkLocals, error) {
	return hostsave.TakeChunkLocals(saveSide{h})
}

// saveSide is the Runtime as a save and a restore see it
// (hostsave.Runtime).
type saveSide struct{ h *Runtime }

func (s saveSide) TryUse(op string) error           { return s.h.TryUse(op) }
func (s saveSide) Leave()                           { s.h.Leave() }
func (s saveSide) RefuseClosed(op string) error     { return s.h.RefuseClosed(op) }
func (s saveSide) RefuseInScript(op string)         { s.h.refuseInScript(op) }
func (s saveSide) Ticking() bool                    { return s.h.ticking }
func (s saveSide) Shared() *state.Shared            { return &s.h.Shared }
func (s saveSide) Engine() hostsave.Engine          { return s.h.eng }
func (s saveSide) Ticks() uint64                    { return s.h.ticks }
func (s saveSide) SetClock(ticks uint64, t float64) { s.h.ticks, s.h.TickTime = ticks, t }

func (s saveSide) LoadFile(path string) ([]*state.Agent, error) { return s.h.LoadFile(path) }
func (s saveSide) Spawn(path string, args any) (*state.Agent, error) {
	return s.h.Spawn(path, args)
}
