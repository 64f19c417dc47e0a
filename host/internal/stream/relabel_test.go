package stream

import (
	"errors"
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
)

// Relabel copies every field of the event but the agent, which it sets:
// a field added to Event and forgotten in Relabel fails here.
func TestRelabelCopiesEveryField(t *testing.T) {
	task := bt.NewSequence()
	src := Event[int, string]{
		Kind: EventEnded, Tick: 7, Agent: 3, AgentID: 4, Task: task, Node: NodeAt(2),
		Status: bt.Success, Started: true, Cause: bt.EndCause{Kind: bt.EndHalted, By: task}, ByNode: NodeAt(1),
		Nodes: []bt.Task{task}, Name: "hp", Old: 1.0, New: 2.0, Global: true, Writer: task, WriterNode: NodeAt(0),
		Path: "a.lua", Reload: "report", Err: errors.New("e"), Goap: &goap.AgentEvent{}, GoapAgent: &goap.Agent{},
		BTAINode: 5, BTAIState: 1,
	}
	v := reflect.ValueOf(src)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("the test leaves Event.%s zero: set it", v.Type().Field(i).Name)
		}
	}
	var dst Event[string, string]
	Relabel(&dst, &src, "agent")
	d := reflect.ValueOf(dst)
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		if name == "Agent" {
			if dst.Agent != "agent" {
				t.Errorf("Agent %q, want \"agent\"", dst.Agent)
			}
			continue
		}
		if !reflect.DeepEqual(v.Field(i).Interface(), d.Field(i).Interface()) {
			t.Errorf("%s: %v, want %v", name, d.Field(i).Interface(), v.Field(i).Interface())
		}
	}
}
