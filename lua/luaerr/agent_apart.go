package luaerr

import "strings"

// AgentApart returns e's text with the agent it names left out ("fac.lua:5:
// boom (task A)"; the CPU budget's "tick of agent 2, ..." reads "tick of
// agent *, ...") and that agent ("2"), so that errors that differ only in
// their agent can be told as one (host.ErrorLog); "", "" when e names no
// agent by number (Agent is "").
func (e *Error) AgentApart() (text, agent string) {
	if e.Agent == "" {
		return "", ""
	}
	c := *e
	c.Agent = ""
	if c.Named {
		c.Msg = strings.Replace(c.Msg, " of agent "+e.Agent+", ", " of agent *, ", 1)
	}
	return c.Error(), e.Agent
}
