// Package vars is how a blackboard value is seen from Go: a stored value
// (a Lua value a script wrote, a sharded host's table in its Go form, or
// a Go value given from Go) as the Go value Agent.Get and Globals.Get
// return, read as a number, a string or a boolean with the error that
// names the scope, the variable and what it holds, and compared for a
// change (OnChange). It knows no host, agent or blackboard: the host's
// Agent and Globals call it with the values their blackboards hold.
package vars
