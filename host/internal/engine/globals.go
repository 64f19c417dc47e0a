package engine

import (
	"github.com/btlua/btlua/host/internal/scope"
	"github.com/btlua/btlua/stdlib/bt"
)

// globalScope is a host as the owner of its global variables
// (scope.Owner): board is their blackboard (the classic host's state's,
// or a sharded host's logical one), written through the engine.
type globalScope struct {
	h     *Runtime
	board *bt.Blackboard
}

func (g globalScope) Board() *bt.Blackboard                 { return g.board }
func (g globalScope) Scope() string                         { return "global variables" }
func (g globalScope) Enter(op string) (scope.Leaver, error) { return g.h, g.h.TryUse(op) }
func (g globalScope) Closed(op string) error                { return g.h.RefuseClosed(op) }
func (g globalScope) Write(name string, v any)              { g.h.eng.WriteGlobal(name, v) }
func (g globalScope) Hooked()                               { g.h.eng.HearGlobals() }
