// Package stream is a host's event stream: the listeners and their
// fan-out (reused events, nesting, the agents each one watches), the
// agents' stream numbers, and for each agent a watch that numbers its
// tree's tasks in depth-first order and turns what the tree's core
// pushes (bt.Observer's starts and ends, bt.StatusObserver's status
// changes, GOAP and BTAI observers) into small typed Events; the sync
// before a tick that reports new trees and removed agents, and the
// frames in which a sharded host's shards hold their agents' events
// until the join merges them in agent order. It knows no host: an agent
// is a comparable reference A, what the stream reads of the host and its
// agents comes through the Host interface, and the values it carries are
// Go values the host converted from Lua's at the boundary.
package stream
