package goap

import "testing"

// resourceBenchSpecs are the generated resource-chain domains benchmarked
// (see resource_domain_test.go); the name gives actions x optimal steps.
var resourceBenchSpecs = []struct {
	name string
	spec resourceSpec
}{
	{"20x4", resourceSpec{Seed: 1, Tiers: 1, Actions: 20}},
	{"20x8", resourceSpec{Seed: 1, Tiers: 2, Actions: 20}},
	{"30x12", resourceSpec{Seed: 1, Tiers: 3, Actions: 30}},
	{"30x13", resourceSpec{Seed: 2, Tiers: 3, Actions: 30}},
	{"30x14", resourceSpec{Seed: 4, Tiers: 3, Actions: 30}},
	{"30x22", resourceSpec{Seed: 2, Tiers: 7, Actions: 30}},
	{"60x25", resourceSpec{Seed: 3, Tiers: 6, Actions: 60}},
}

// newBenchPlanner is the planner of BenchmarkResourceChain: optimal, with
// budgets large enough for every domain of the list.
func newBenchPlanner() *Planner { return &Planner{MaxNodes: 1 << 22, MaxTime: -1, MaxBytes: -1} }

// BenchmarkResourceChain plans each generated domain with a warm Planner
// (buffers reused across plans) and a cold one (a new Planner per plan).
func BenchmarkResourceChain(b *testing.B) {
	for _, rb := range resourceBenchSpecs {
		start, g, actions := resourceDomain(rb.spec)
		for _, warm := range []bool{true, false} {
			name := rb.name + "/warm"
			if !warm {
				name = rb.name + "/cold"
			}
			b.Run(name, func(b *testing.B) {
				p := newBenchPlanner()
				var plan Plan
				b.ReportAllocs()
				for b.Loop() {
					if !warm {
						p = newBenchPlanner()
					}
					var err error
					plan, err = p.Plan(start, g, actions)
					if err != nil {
						b.Fatal(err)
					}
				}
				reportPlan(b, plan.Expanded)
				b.ReportMetric(float64(plan.Len()), "steps")
			})
		}
	}
}

// BenchmarkResourceFamily plans each domain of the optimality-tested
// family (resourceFamily: 20 and 30 actions, 1-3 tiers, seeds 1-4, optimal
// plans of 4-15 steps) with a warm Planner; the name is the domain's spec.
func BenchmarkResourceFamily(b *testing.B) {
	for _, spec := range resourceFamily() {
		start, g, actions := resourceDomain(spec)
		b.Run(spec.String(), func(b *testing.B) {
			p := newBenchPlanner()
			var plan Plan
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if plan, err = p.Plan(start, g, actions); err != nil {
					b.Fatal(err)
				}
			}
			reportPlan(b, plan.Expanded)
			b.ReportMetric(float64(plan.Len()), "steps")
		})
	}
}

// BenchmarkPoolResourceChain: plans per second of 16 agents (the 30x12 and
// 30x14 domains, 8 each) on a Pool of 1 and of 2 workers.
func BenchmarkPoolResourceChain(b *testing.B) {
	var jobs []Job
	for i := 0; i < 8; i++ {
		for _, i := range []int{2, 4} { // 30x12, 30x14
			start, g, actions := resourceDomain(resourceBenchSpecs[i].spec)
			jobs = append(jobs, Job{start, g, actions})
		}
	}
	for _, workers := range []int{1, 2} {
		b.Run([]string{"", "1worker", "2workers"}[workers], func(b *testing.B) {
			pool := &Pool{Workers: workers, Config: Planner{MaxTime: -1}}
			for b.Loop() {
				for _, r := range pool.PlanAll(jobs) {
					if r.Err != nil {
						b.Fatal(r.Err)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(jobs))/b.Elapsed().Seconds(), "plans/s")
		})
	}
}

// BenchmarkResourceChainWeighted: the same domains with weighted A*
// (Weight 2: cost <= 2 * optimal), warm Planner.
func BenchmarkResourceChainWeighted(b *testing.B) {
	for _, rb := range resourceBenchSpecs {
		start, g, actions := resourceDomain(rb.spec)
		b.Run(rb.name, func(b *testing.B) {
			p := newBenchPlanner()
			p.Weight = 2
			var plan Plan
			for b.Loop() {
				var err error
				if plan, err = p.Plan(start, g, actions); err != nil {
					b.Fatal(err)
				}
			}
			reportPlan(b, plan.Expanded)
			b.ReportMetric(float64(plan.Len()), "steps")
			b.ReportMetric(plan.Cost, "cost")
		})
	}
}
