package btlib

// TreesAhead is implemented by a TreeBatch that can name tree i before its
// turn: TickBatch then reads the next tree's memory into the processor's
// cache while the tree before it begins (bt.BehaviorTree.Warm), when the
// batch's trees are big enough for that to pay (warmPays). TreeAhead(i)
// returns tree i as BeginTree(i) will, or nil; it must not change the
// batch (it is called before BeginTree(i), or not at all).
type TreesAhead interface {
	TreeAhead(i int) *Tree
}
