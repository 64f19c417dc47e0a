package policy

import "testing"

// The back-off starts at the first delay, doubles while errors come
// within the longest delay plus the last, stops at the longest, and
// starts again after a quiet spell.
func TestBackoff(t *testing.T) {
	p := Policy{Action: Restart, RestartDelay: 2, MaxRestartDelay: 10}
	cases := []struct {
		delay, lastFail, now, want float64
	}{
		{0, 0, 5, 2},       // the first restart
		{2, 5, 8, 4},       // again soon: doubled
		{8, 20, 25, 10},    // doubled past the longest: the longest
		{10, 20, 40, 2},    // 20 s quiet = longest + last: afresh
		{10, 20, 39.5, 10}, // just under it: still the longest
	}
	for _, c := range cases {
		if got := Backoff(p, c.delay, c.lastFail, c.now); got != c.want {
			t.Errorf("Backoff(delay %v, last fail %v, now %v) = %v, want %v", c.delay, c.lastFail, c.now, got, c.want)
		}
	}
	if got := Backoff(Policy{Action: Restart}, 0, 0, 1); got != DefaultRestartDelay {
		t.Errorf("Backoff with zero delays = %v, want DefaultRestartDelay %v", got, DefaultRestartDelay)
	}
}

// Check names the field and value it refuses.
func TestCheck(t *testing.T) {
	for p, want := range map[Policy]string{
		{Action: 3}:           "host: ErrorPolicy.Action must be StopAgent, RestartAgent or FailTick, got ErrorAction(3)",
		{RestartDelay: -1}:    "host: ErrorPolicy.RestartDelay must be a number of seconds >= 0, got -1",
		{MaxRestartDelay: -2}: "host: ErrorPolicy.MaxRestartDelay must be a number of seconds >= 0, got -2",
	} {
		if err := Check(p); err == nil || err.Error() != want {
			t.Errorf("Check(%+v) = %v, want %q", p, err, want)
		}
	}
	if err := Check(Policy{Action: FailTick, RestartDelay: 1}); err != nil {
		t.Errorf("Check of a valid policy: %v", err)
	}
}
