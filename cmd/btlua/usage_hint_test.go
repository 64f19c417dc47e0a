package main

import (
	"strings"
	"testing"
)

// Every usage error (exit 2) of a run is one line naming the mistake,
// then the usage line: also two scripts, a bad --inspect address and a
// word a bare --inspect left for a script that does not exist.
func TestUsageErrorsEndWithUsageLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--inspect=nohost", seq}, `btlua: --inspect wants HOST:PORT with a port from 0 to 65535, such as 127.0.0.1:8750, got "nohost"`},
		{[]string{"--inspect=nohost.invalid:0", seq}, `btlua: --inspect: the host "nohost.invalid" of "nohost.invalid:0" does not resolve (no such host)`},
		{[]string{seq, seq}, `btlua: more than one script given: "` + seq + `" and "` + seq + `"`},
		{[]string{"--inspect", "foo"}, `btlua: foo: no such file ("foo" follows a bare --inspect, which takes its address as --inspect=HOST:PORT)`},
		{[]string{"--ticks", "x", seq}, `btlua: --ticks wants a whole number of ticks, got "x"`},
	} {
		code, out, errOut := runCLI(c.args...)
		if want := c.want + "\n" + usageHint; code != exitUsage || out != "" || errOut != want {
			t.Errorf("btlua %s: code %d, stdout %q, stderr\n%q\nwant %d and\n%q", strings.Join(c.args, " "), code, out, errOut, exitUsage, want)
		}
	}
}
