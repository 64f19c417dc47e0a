package host

import (
	"fmt"
	"io"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/stream"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
)

// luaVM is the VM of h's first state (the classic host's one), for tests
// that reach into the Lua state.
func (h *Host) luaVM() *vm.VM { return h.rt.VM() }

// tree is the tree agent a ticks now.
func (a *Agent) tree() *btlib.Tree { return a.c.Tree() }

// treeSignature and signature are a tree's structure as a reload
// compares it.
type treeSignature = reload.Signature

func signature(tr *btlib.Tree) treeSignature { return reload.Of(tr) }

// nodeAt is the NodeRef of node i.
func nodeAt(i int) NodeRef { return stream.NodeAt(i) }

// bytesText is a byte count as the host's errors give it ("16 MiB").
func bytesText(n float64) string { return budget.BytesText(n) }

// concurrentUse is the guard's refusal of op, as the host words it.
func concurrentUse(op string) error {
	return fmt.Errorf("host: %s called while another goroutine is inside the host (ticking it, or in another call): "+
		"a Host and its agents are used from one goroutine at a time (Interrupt and Budgeted excepted)", op)
}

// stdout is where h's scripts print (Options.Stdout, guarded).
func (h *Host) stdout() io.Writer { return h.rt.Stdout() }
