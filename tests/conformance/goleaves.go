package conformance

import "github.com/btlua/btlua/stdlib/bt"

// GoLeaves is the LeafFactory of plain Go leaves: the reference against
// which the cases were written.
type GoLeaves struct{}

// Action returns a ScriptedAction.
func (GoLeaves) Action(name string, script []bt.Status, log *[]string) bt.Task {
	a := &ScriptedAction{Script: script, Log: log}
	a.Init(a, name)
	return a
}

// Conditional returns a ScriptedConditional.
func (GoLeaves) Conditional(name string, script []bool, log *[]string) bt.Task {
	c := &ScriptedConditional{Script: script, Log: log}
	c.Init(c, name)
	return c
}

// CallAction returns a CallScriptedAction.
func (GoLeaves) CallAction(name string, script []bt.Status, log *[]string) bt.Task {
	a := &CallScriptedAction{}
	a.Script, a.Log = script, log
	a.Init(a, name)
	return a
}

// ScriptedAction is a Go action following the LeafFactory rules.
type ScriptedAction struct {
	bt.Action
	// Script gives the status per tree tick (see StatusAt).
	Script []bt.Status
	// Log receives "start NAME" and "end NAME".
	Log *[]string
}

// OnStart logs "start NAME".
func (a *ScriptedAction) OnStart() { *a.Log = append(*a.Log, "start "+a.Name) }

// OnEnd logs "end NAME".
func (a *ScriptedAction) OnEnd() { *a.Log = append(*a.Log, "end "+a.Name) }

// OnUpdate returns the script entry of the tree tick.
func (a *ScriptedAction) OnUpdate() bt.Status { return StatusAt(a.Script, treeTicks(a)) }

// CallScriptedAction is a ScriptedAction whose script is indexed by its
// OnUpdate calls (LeafFactory.CallAction).
type CallScriptedAction struct {
	ScriptedAction
	calls uint64
}

// OnUpdate returns the script entry of the call.
func (a *CallScriptedAction) OnUpdate() bt.Status {
	a.calls++
	return StatusAt(a.Script, a.calls)
}

// ScriptedConditional is a Go conditional following the LeafFactory rules.
type ScriptedConditional struct {
	bt.Conditional
	// Script gives the result per tree tick (see BoolAt).
	Script []bool
	// Log receives "start NAME" and "end NAME".
	Log *[]string
}

// OnStart logs "start NAME".
func (c *ScriptedConditional) OnStart() { *c.Log = append(*c.Log, "start "+c.Name) }

// OnEnd logs "end NAME".
func (c *ScriptedConditional) OnEnd() { *c.Log = append(*c.Log, "end "+c.Name) }

// OnUpdate returns Success or Failure from the script entry of the tree
// tick.
func (c *ScriptedConditional) OnUpdate() bt.Status {
	if BoolAt(c.Script, treeTicks(c)) {
		return bt.Success
	}
	return bt.Failure
}

func treeTicks(t bt.Task) uint64 {
	if tr := t.Base().Tree(); tr != nil {
		return tr.Ticks()
	}
	return 0
}

// SaveState writes the number of OnUpdate calls (bt.Saver), so that a
// saved and resumed case goes on with the same script entry.
func (a *CallScriptedAction) SaveState(w *bt.StateWriter) error { w.Num(float64(a.calls)); return nil }

// LoadState reads the number of OnUpdate calls.
func (a *CallScriptedAction) LoadState(r *bt.StateReader) error {
	a.calls = uint64(r.Int(0, 1<<30))
	return nil
}
