package persist

import (
	"testing"

	"github.com/btlua/btlua/host/internal/savefile"
)

// A saved policy state that says the agent stopped for good must hold
// its error and no restart due.
func TestCheckPolicyStopped(t *testing.T) {
	for _, c := range []struct {
		p    savefile.Policy
		want string
	}{
		{savefile.Policy{Err: "x.lua:3: boom", Stopped: true}, "<nil>"},
		{savefile.Policy{Stopped: true}, `policy: "stopped" is true, and no error ("err") stopped the agent`},
		{savefile.Policy{Err: "x.lua:3: boom", Stopped: true, RestartIn: 2}, `policy: "stopped" is true (stopped for good), and a restart is due`},
	} {
		got := "<nil>"
		if err := CheckPolicy(&c.p); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%+v: %s, want %s", c.p, got, c.want)
		}
	}
}
