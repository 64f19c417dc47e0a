package main

import (
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// flagWants is what each flag whose value can fail to parse wants, in
// the error that says so: "--budget wants a duration such as 2s or
// 100ms, got "5"". A flag not here is worded from its type (wantsOf).
var flagWants = map[string]string{
	"budget":              "a duration such as 2s or 100ms",
	"hz":                  "a number of ticks per second",
	"ticks":               "a whole number of ticks",
	"agents":              "a whole number of agents",
	"shards":              "a whole number of Lua states",
	"memory-limit":        "a whole number of MiB",
	"max-string":          "a whole number of MiB",
	"max-task-executions": "a whole number of executions",
	"frame-budget":        "a duration such as 4ms",
	"tick-interval":       "a number of seconds",
	"near":                "a whole number of agents",
}

// badValueRE matches the flag package's errors for a value that does not
// parse: the value as it quotes it, the flag's name, and why ("parse
// error" or "value out of range").
var badValueRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-([^:]+): (parse error|value out of range)$`)
})

// wantsError returns msg, a flag package error, as "--NAME wants WHAT,
// got "VALUE"" (with " (out of range)" for a number too large) when it
// is about a value of a flag of fs that does not parse; ok is false for
// any other error.
func wantsError(fs *flag.FlagSet, msg string) (string, bool) {
	m := badValueRE().FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return "", false
	}
	wants, ok := flagWants[f.Name]
	if !ok {
		if wants, ok = wantsOf(f); !ok {
			return "", false
		}
	}
	out := fmt.Sprintf("--%s wants %s, got %s", f.Name, wants, m[1])
	if m[3] == "value out of range" {
		out += " (out of range)"
	} else if why := durationError(f, m[1]); why != "" {
		out += " (" + why + ")"
	}
	return out, true
}

// durationSyntax is the text time.ParseDuration reads: a sign, then
// numbers each with its unit.
var durationSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[-+]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:ns|us|µs|μs|ms|s|m|h))+$`)
})

// durationError is why quoted, the value as the flag package quotes it,
// does not parse as the duration of f: "out of range" for one written
// right but over time.Duration's 292 years, the unit for an unknown unit
// ("unknown unit "e""); "" for another value or another flag.
func durationError(f *flag.Flag, quoted string) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	if _, ok := g.Get().(time.Duration); !ok {
		return ""
	}
	v, err := strconv.Unquote(quoted)
	if err != nil {
		return ""
	}
	if durationSyntax().MatchString(v) {
		return "out of range"
	}
	_, err = time.ParseDuration(v)
	if err == nil {
		return ""
	}
	msg := strings.TrimPrefix(err.Error(), "time: ")
	if unit, _, ok := strings.Cut(msg, " in duration "); ok && strings.HasPrefix(unit, "unknown unit ") {
		return unit
	}
	return ""
}

// wantsOf words what f wants from its value's type: true or false, a
// number, a whole number, a duration; ok is false for another type.
func wantsOf(f *flag.Flag) (string, bool) {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "", false
	}
	switch g.Get().(type) {
	case bool:
		return "true or false (as --" + f.Name + "=false)", true
	case float64:
		return "a number", true
	case int, int64, uint, uint64:
		return "a whole number", true
	case time.Duration:
		return "a duration such as 2s or 100ms", true
	}
	return "", false
}
