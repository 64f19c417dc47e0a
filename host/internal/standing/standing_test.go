package standing

import (
	"errors"
	"testing"

	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/schedule"
)

func TestPolicyRoundTrip(t *testing.T) {
	own := policy.Policy{Action: policy.Restart, RestartDelay: 2, MaxRestartDelay: 8}
	b := Backoff{Own: &own, At: 14, Delay: 4, LastFail: 10}
	p := SavePolicy(&b, policy.Policy{}, 12, errors.New("boom"))
	want := savefile.Policy{Own: &savefile.PolicyRule{Action: 1, Delay: 2, MaxDelay: 8}, Delay: 4, SinceFail: 2, Err: "boom", RestartIn: 2}
	if p == nil || *p.Own != *want.Own || p.Delay != want.Delay || p.SinceFail != want.SinceFail || p.Err != want.Err || p.RestartIn != want.RestartIn || p.Stopped {
		t.Fatalf("SavePolicy = %+v, want %+v", p, want)
	}
	var got Backoff
	if msg := LoadPolicy(&got, p, 100); msg != "boom" {
		t.Fatalf("LoadPolicy error %q, want boom", msg)
	}
	if *got.Own != own || got.At != 102 || got.Delay != 4 || got.LastFail != 98 {
		t.Fatalf("LoadPolicy = %+v (own %+v), want at 102, delay 4, lastFail 98", got, *got.Own)
	}
}

func TestPolicyStoppedAndNone(t *testing.T) {
	if p := SavePolicy(&Backoff{}, policy.Policy{}, 5, nil); p != nil {
		t.Fatalf("SavePolicy of a running agent without state = %+v, want nil", p)
	}
	p := SavePolicy(&Backoff{}, policy.Policy{Action: policy.Restart}, 5, errors.New("x"))
	if p == nil || !p.Stopped || p.Err != "x" || p.RestartIn != 0 || p.Own != nil {
		t.Fatalf("SavePolicy of an agent stopped for good = %+v", p)
	}
	var b Backoff
	if msg := LoadPolicy(&b, nil, 3); msg != "" || b != (Backoff{}) {
		t.Fatalf("LoadPolicy(nil) = %q, %+v", msg, b)
	}
}

func TestScheduleRoundTrip(t *testing.T) {
	var slot schedule.Slot
	if s := SaveSchedule(&slot); s != nil {
		t.Fatalf("SaveSchedule of an every-Tick slot = %+v, want nil", s)
	}
	in := &savefile.Schedule{Interval: 0.5, Since: 0.25, Waiting: true, Started: true}
	if err := LoadSchedule(&slot, in); err != nil {
		t.Fatal(err)
	}
	if s := SaveSchedule(&slot); s == nil || *s != *in {
		t.Fatalf("SaveSchedule after LoadSchedule = %+v, want %+v", s, in)
	}
	bad := &savefile.Schedule{Interval: -1}
	var dry schedule.Slot
	if err := LoadSchedule(nil, bad); err == nil || err.Error() != "tick interval is -1, want a finite number of seconds in [0, 2^40]" {
		t.Fatalf("LoadSchedule(nil, bad) = %v", err)
	}
	if err := LoadSchedule(&dry, bad); err == nil || dry.Interval() != 0 {
		t.Fatalf("LoadSchedule(bad) = %v, interval %v: want an error and no change", err, dry.Interval())
	}
}
