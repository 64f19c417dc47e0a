package state

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
)

// treeSignature is a SHA-256 hash of the structure of a whole tree (see
// reload.Of).
type treeSignature = reload.Signature

// Signer is implemented by tasks with more to compare across a reload than
// their class and name: constructor arguments, or a whole structure of
// their own (a BTAI root).
type Signer = reload.Signer

// signature hashes the structure of tr at every depth (see reload.Of).
func signature(tr *btlib.Tree) treeSignature { return reload.Of(tr) }
