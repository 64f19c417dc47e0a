package btlib

// TreeDeltas is a TreeBatch whose trees tick each with a delta time of
// its own (a host's per-agent tick rate): TickBatch ticks tree i with
// TreeDT(i) seconds, called just after BeginTree(i) gave the tree, in
// place of the batch's dt. TreeDT must be finite and not negative.
type TreeDeltas interface {
	TreeDT(i int) float64
}
