package policy

import (
	"fmt"
	"io"
)

// DefaultInterval is Log's interval when its Interval is 0: 10 seconds
// of tick time.
const DefaultInterval = 10.0

// Log (host.ErrorLog) writes the errors of Tick so that an error repeated tick after
// tick (an agent that RestartAgent restarts into the same error) is
// written once per interval with a count, not once per tick. Times are
// the host's tick clock (Host.Clock), in seconds, so a run with a fixed
// delta time writes the same lines every time.
//
// Each distinct message is written at once the first time; repeats within
// Interval seconds of the last line written for it are counted; the first
// repeat after the interval is written with
//
//	btlua: ai.lua:3: boom (task Act) (×12 since the last report)
//
// N, here 12, the times the message occurred since its last line: the
// repeats not written and this one. Flush writes the repeats still
// pending in the same form, N the repeats not written.
type Log struct {
	// W receives the lines; Prefix starts each ("btlua: ").
	W      io.Writer
	Prefix string
	// Interval is the least tick time between two lines for one message,
	// in seconds; 0 means DefaultInterval.
	Interval float64

	seen  map[string]*logged
	order []string // message keys in order of first appearance, for Flush
}

// logged is the state of one message: when it was last written, the
// repeats not written since, and its line.
type logged struct {
	at    float64
	count int
	line  string // the line written for it
}

// Report writes err (each error of a joined error on its own line) at
// tick time now, or counts it as a repeat. The errors of one joined
// error that differ only in the agent they name (an error with an
// AgentApart method, as luaerr.Error has) are written as one: the first
// as is, then one line with the others' agents,
//
//	btlua: (the same error in 199 more agents: 2 to 200)
//
// which is throttled like any other.
func (l *Log) Report(err error, now float64) {
	if err == nil {
		return
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = flatten(j.Unwrap())
	}
	for _, g := range groupAgents(errs) {
		msg := g.first.Error()
		l.report(msg, msg, now)
		if len(g.others) > 0 {
			line := sameIn(g.others)
			l.report(msg+"\n"+line, line, now)
		}
	}
}

// flatten returns errs with every joined error replaced by its errors.
func flatten(errs []error) []error {
	var out []error
	for _, e := range errs {
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			out = append(out, flatten(j.Unwrap())...)
		} else if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// report writes line, the line of the message known as key, at tick
// time now, or counts it as a repeat.
func (l *Log) report(key, line string, now float64) {
	interval := l.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	if l.seen == nil {
		l.seen = map[string]*logged{}
	}
	e := l.seen[key]
	switch {
	case e == nil:
		l.seen[key] = &logged{at: now, line: line}
		l.order = append(l.order, key)
		fmt.Fprintf(l.W, "%s%s\n", l.Prefix, line)
	case now-e.at < interval:
		e.count++
	default:
		if e.count == 0 {
			fmt.Fprintf(l.W, "%s%s\n", l.Prefix, line)
		} else {
			fmt.Fprintf(l.W, "%s%s (×%d since the last report)\n", l.Prefix, line, e.count+1)
		}
		e.at, e.count = now, 0
	}
}

// Flush writes the repeats not written yet, one line per message with
// its count ("(×3 since the last report)"), in order of first appearance.
func (l *Log) Flush() {
	for _, key := range l.order {
		if e := l.seen[key]; e.count > 0 {
			fmt.Fprintf(l.W, "%s%s (×%d since the last report)\n", l.Prefix, e.line, e.count)
			e.count = 0
		}
	}
}
