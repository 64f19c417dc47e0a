package inspect

// step is a Record kept compactly by a replay: the frequent kinds (tick,
// start, status, end, tickend) in 32 bytes, the others whole in x.
type step struct {
	t        uint64
	a, n, by int32
	k, s, c  uint8
	x        *Record
}

var (
	stepKinds  = []string{"", "tick", "start", "status", "end", "tickend"}
	stepStatus = []string{"", "Inactive", "Success", "Failure", "Running"}
	stepCauses = []string{"", "Aborted", "TimedOut", "Interrupted", "ByParent", "Halted", "Reload"}
)

func indexOf(list []string, s string) (uint8, bool) {
	for i, x := range list {
		if x == s {
			return uint8(i), true
		}
	}
	return 0, false
}

// compact returns r as a step.
func compact(r *Record) step {
	k, ok1 := indexOf(stepKinds, r.K)
	s, ok2 := indexOf(stepStatus, r.S)
	c, ok3 := indexOf(stepCauses, r.C)
	if !ok1 || !ok2 || !ok3 || k == 0 {
		x := *r
		return step{t: r.T, x: &x}
	}
	return step{t: r.T, a: int32(r.A), n: int32(r.N), by: int32(r.By), k: k, s: s, c: c}
}

// record fills r from s (r is scratch: its Nodes and V are not copied).
func (s *step) record(r *Record) *Record {
	if s.x != nil {
		return s.x
	}
	*r = Record{T: s.t, K: stepKinds[s.k], A: int(s.a), N: int(s.n), S: stepStatus[s.s], C: stepCauses[s.c], By: int(s.by), W: -1}
	return r
}
