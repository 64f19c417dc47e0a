package stream

// Relabel sets *dst to the event src with its agent agent, of another
// agent reference type: the host's engine keys its stream by its own
// agents, and the facade hands listeners events keyed by the public
// ones. Each field is stored in place (a composite literal would be
// built aside and then copied: twice the bytes, for every event).
func Relabel[A, B comparable, R any](dst *Event[B, R], src *Event[A, R], agent B) {
	dst.Kind, dst.Tick, dst.Agent, dst.AgentID = src.Kind, src.Tick, agent, src.AgentID
	dst.Task, dst.Node, dst.Status, dst.Started = src.Task, src.Node, src.Status, src.Started
	dst.Cause, dst.ByNode, dst.Nodes = src.Cause, src.ByNode, src.Nodes
	dst.Name, dst.Old, dst.New, dst.Global, dst.Writer, dst.WriterNode = src.Name, src.Old, src.New, src.Global, src.Writer, src.WriterNode
	dst.Path, dst.Reload, dst.Err = src.Path, src.Reload, src.Err
	dst.Goap, dst.GoapAgent, dst.BTAINode, dst.BTAIState = src.Goap, src.GoapAgent, src.BTAINode, src.BTAIState
}
