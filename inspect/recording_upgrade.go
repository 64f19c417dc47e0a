package inspect

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// upgrade renumbers the texts of a recording older than version 3, whose
// task paths counted children from 0 ("Root/Work[1]" was the second
// child) and whose GOAP action events numbered steps from 0 ("GetAxe
// #0"), as version 3 writes them (from 1). It knows each agent's tree
// from its last "tree" record and rewrites an "error" record's message
// and a "goap" record's event texts; other texts are kept.
type upgrade struct {
	old bool
	// paths[a] rewrites agent a's old paths to new ones.
	paths map[int]*strings.Replacer
}

// newUpgrade returns the upgrade of a recording of the given version: it
// changes nothing from version 3 on.
func newUpgrade(version int) *upgrade {
	return &upgrade{old: version < 3, paths: map[int]*strings.Replacer{}}
}

// goapStep finds the step of an action event: `action started GetAxe #0`,
// `action ended GetAxe #0 (done)`.
var goapStep = sync.OnceValue(func() *regexp.Regexp { // compiled at first use, not at start-up
	return regexp.MustCompile(`^(action (?:started|ended) .* #)(\d+)((?: \(.*\))?)$`)
})

// record rewrites r's texts (see upgrade); r has passed the checks.
func (u *upgrade) record(r *Record) {
	if !u.old {
		return
	}
	switch r.K {
	case "tree":
		u.paths[r.A] = oldPaths(r.Nodes)
	case "error":
		if rp := u.paths[r.A]; rp != nil && r.Err != "" {
			r.Err = rp.Replace(r.Err)
		}
	case "goap":
		if r.Goap == nil {
			return
		}
		for i, e := range r.Goap.Events {
			m := goapStep().FindStringSubmatch(e.Text)
			if m == nil {
				continue
			}
			if n, err := strconv.Atoi(m[2]); err == nil {
				r.Goap.Events[i].Text = m[1] + strconv.Itoa(n+1) + m[3]
			}
		}
	}
}

// oldPaths returns a replacer of the tree's task paths as version 2 spelled
// them (children from 0) by their paths now (from 1), the longest first
// so that a path is not cut at its parent's.
func oldPaths(nodes []NodeInfo) *strings.Replacer {
	kid := childIndexes(len(nodes), func(i int) int { return nodes[i].Parent })
	was, now := make([]string, len(nodes)), make([]string, len(nodes))
	order := make([]int, 0, len(nodes))
	for i, n := range nodes {
		p := n.Parent
		if p < 0 || p >= i {
			was[i], now[i] = n.Name, n.Name
			continue
		}
		was[i] = was[p] + "/" + element(n.Name, false, kid[i]-1, n.File)
		now[i] = now[p] + "/" + element(n.Name, false, kid[i], n.File)
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(was[b]), len(was[a])) })
	pairs := make([]string, 0, 2*len(order))
	for _, i := range order {
		pairs = append(pairs, was[i], now[i])
	}
	return strings.NewReplacer(pairs...)
}
