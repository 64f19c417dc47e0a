package statereload

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
)

// treeSignature is a SHA-256 hash of the structure of a whole tree (see
// reload.Of).
type treeSignature = reload.Signature

// signature hashes the structure of tr at every depth (see reload.Of).
func signature(tr *btlib.Tree) treeSignature { return reload.Of(tr) }
