package state

import (
	"github.com/btlua/btlua/lua/btlib"
)

// Tree is the tree the agent ticks now (a reload may replace it).
func (a *Agent) Tree() *btlib.Tree { return a.tree }
