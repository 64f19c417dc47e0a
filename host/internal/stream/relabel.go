package stream

// Relabel sets *dst to the event src with its agent agent, of another
// agent reference type: the host's engine keys its stream by its own
// agents, and the facade hands listeners events keyed by the public
// ones.
func Relabel[A, B comparable, R any](dst *Event[B, R], src *Event[A, R], agent B) {
	*dst = Event[B, R]{
		Kind: src.Kind, Tick: src.Tick, Agent: agent, AgentID: src.AgentID,
		Task: src.Task, Node: src.Node, Status: src.Status, Started: src.Started,
		Cause: src.Cause, ByNode: src.ByNode, Nodes: src.Nodes,
		Name: src.Name, Old: src.Old, New: src.New, Global: src.Global, Writer: src.Writer, WriterNode: src.WriterNode,
		Path: src.Path, Reload: src.Reload, Err: src.Err,
		Goap: src.Goap, GoapAgent: src.GoapAgent, BTAINode: src.BTAINode, BTAIState: src.BTAIState,
	}
}
