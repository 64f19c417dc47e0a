package btai

// NodeObserver hears each tick of a node by its parent branch: the child
// and the state its Tick returned, just after it returned (an addition
// to BTAI, for inspectors: BTAI itself reports nothing).
type NodeObserver func(n Node, s BTState)

// Observe sets fn as the observer of every branch in tree (tree itself
// included, when it is one): each reports the ticks of its children. nil
// removes it. A branch has one observer; branches added to the tree later
// have none until Observe is called again. The walk stops maxDepth
// levels deep.
func Observe(tree Node, fn NodeObserver) { observe(tree, fn, 0) }

func observe(n Node, fn NodeObserver, depth int) {
	b, ok := n.(interface {
		BranchNode
		setObserver(NodeObserver)
	})
	if !ok || depth > maxDepth {
		return
	}
	b.setObserver(fn)
	for _, c := range b.Children() {
		observe(c, fn, depth+1)
	}
}

func (b *Branch) setObserver(fn NodeObserver) { b.observer = fn }

// tickChild ticks child i, keeps its state (LastState) and tells the
// observer.
func (b *Branch) tickChild(i int) BTState {
	c := b.children[i]
	s := c.Tick()
	b.last[i] = s
	if b.observer != nil {
		b.observer(c, s)
	}
	return s
}
