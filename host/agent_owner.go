package host

import "slices"

// owns reports whether a is an agent of h: of its own state on the
// classic host, of one of its shards on a sharded host. nil and agents of
// other hosts are not; the exported methods that take an *Agent ask it
// first.
func (h *Host) owns(a *Agent) bool {
	if a == nil || a.host == nil {
		return false
	}
	if h.shard == nil {
		return a.host == h
	}
	return slices.Contains(h.shard.shards, a.host)
}
