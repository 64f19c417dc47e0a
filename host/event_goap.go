package host

import (
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// GoapAgentOf returns the GOAP agent that t runs when t is a
// BTGoapAgentTask (goaplib.TaskAgent), nil otherwise: with the Nodes of an
// EventTree, it finds the tree's GOAP agents for their Snapshot.
func GoapAgentOf(t bt.Task) *goap.Agent {
	ag, _ := goaplib.TaskAgent(t)
	return ag
}
