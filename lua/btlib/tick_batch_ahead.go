package btlib

// TreesAhead is implemented by a TreeBatch that can name tree i before its
// turn: TickBatch then reads the next tree's memory into the processor's
// cache while the tree before it begins (bt.BehaviorTree.Warm), when the
// crowd's trees are too big for the cache (crowdBytes, warmBytes). TreeAhead(i)
// returns tree i as BeginTree(i) will, or nil; it must not change the
// batch (it is called before BeginTree(i), or not at all). Crowd is the
// number of trees ticked in turn with the batch's, whose memory shares
// the cache with theirs: at least the batch's n (a frame that ticks 300
// of 10000 agents round-robin has a crowd of 10000, and each tree's
// memory is cold when its turn comes).
type TreesAhead interface {
	TreeAhead(i int) *Tree
	Crowd() int
}
