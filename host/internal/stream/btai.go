package stream

import (
	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/stdlib/btai"
)

// attachBTAI observes the BTAI trees of the tree's BT.Root tasks
// (btailib.ObserveTree): each tick of one of their nodes becomes an
// EventBTAI.
func (w *watch[A, R]) attachBTAI() {
	w.btais = w.btais[:0]
	for n, t := range w.nodes {
		cancel, ok := btailib.ObserveTree(t, func(i int, s btai.BTState) {
			ev := w.taskEvent(EventBTAI, t, NodeAt(n))
			ev.BTAINode, ev.BTAIState = i, s
			w.send(ev)
		})
		if ok {
			w.btais = append(w.btais, cancel)
		}
	}
}

// btaiStates reports, for each BT.Root task under way, the last state of
// each node of its BTAI tree that has ticked (btailib.TreeNode.State) as
// an EventBTAI, to subscriber to (every listener when nil): with the
// tasks' EventState, for a listener that begins watching a tree that ran.
func (w *watch[A, R]) btaiStates(to *Subscriber[A, R]) {
	for n, t := range w.nodes {
		if !w.bases[n].Started() {
			continue
		}
		nodes, ok := btailib.TreeNodes(t)
		if !ok {
			continue
		}
		for i, x := range nodes {
			s, known := btai.ParseState(x.State)
			if !known {
				continue // Inactive: not ticked yet
			}
			ev := w.taskEvent(EventBTAI, t, NodeAt(n))
			ev.BTAINode, ev.BTAIState = i, s
			w.hub.sendTo(ev, to)
		}
	}
}

// detachBTAI stops observing the BTAI trees.
func (w *watch[A, R]) detachBTAI() {
	for _, cancel := range w.btais {
		cancel()
	}
	clear(w.btais)
	w.btais = w.btais[:0]
}
