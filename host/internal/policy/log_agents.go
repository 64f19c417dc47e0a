package policy

import (
	"fmt"
	"strconv"
	"strings"
)

// agentApart is an error that names an agent (luaerr.Error): its text
// with the agent left out, and the agent ("2"); "", "" when it names
// none.
type agentApart interface {
	AgentApart() (text, agent string)
}

// group is the errors of one Report that differ only in their agent:
// the first is written as is, the others' agents on one line after it.
type group struct {
	first  error
	others []string
}

// groupAgents returns errs with the errors that differ only in their
// agent told once: each element is the first such error and the agents
// of the others, in order of first appearance.
func groupAgents(errs []error) []group {
	var out []group
	at := map[string]int{}
	for _, e := range errs {
		if a, ok := e.(agentApart); ok {
			if text, agent := a.AgentApart(); agent != "" {
				if i, seen := at[text]; seen {
					out[i].others = append(out[i].others, agent)
					continue
				}
				at[text] = len(out)
			}
		}
		out = append(out, group{first: e})
	}
	return out
}

// sameIn is the line after a group's first error: "(the same error in 7
// more agents: 2, 3, 5 to 9)".
func sameIn(agents []string) string {
	noun := "agents"
	if len(agents) == 1 {
		noun = "agent"
	}
	return fmt.Sprintf("(the same error in %d more %s: %s)", len(agents), noun, runs(agents))
}

// runs lists agents, three or more numbers in a row as "5 to 9".
func runs(agents []string) string {
	var b strings.Builder
	for i := 0; i < len(agents); {
		j := i
		for j+1 < len(agents) && next(agents[j], agents[j+1]) {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		switch {
		case j-i >= 2:
			b.WriteString(agents[i] + " to " + agents[j])
		case j == i+1:
			b.WriteString(agents[i] + ", " + agents[j])
		default:
			b.WriteString(agents[i])
		}
		i = j + 1
	}
	return b.String()
}

// next reports whether agent b is the number after agent a.
func next(a, b string) bool {
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return err1 == nil && err2 == nil && y == x+1
}
