package goap

import "testing"

// The LP cache solves each distinct input (the values of the rows' keys)
// once per search: on the benchmarked resource-chain domains the number of
// simplex solves equals the number of cached entries. (Its first hash, a
// multiplicative one over the raw float bits, mapped different inputs of
// small integers to one value: 30x12 ran 440 solves for 232 inputs.)
func TestLPCacheSolvesEachInputOnce(t *testing.T) {
	for _, rb := range resourceBenchSpecs {
		start, g, actions := resourceDomain(rb.spec)
		p := newBenchPlanner()
		if _, err := p.Plan(start, g, actions); err != nil {
			t.Fatalf("%s: %v", rb.name, err)
		}
		if len(p.lpCacheVal) == 0 {
			t.Fatalf("%s: no LP evaluation cached", rb.name)
		}
		if p.lpSolves != len(p.lpCacheVal) {
			t.Errorf("%s: %d simplex solves for %d distinct inputs", rb.name, p.lpSolves, len(p.lpCacheVal))
		}
	}
}
