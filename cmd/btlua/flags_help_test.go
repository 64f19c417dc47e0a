package main

import (
	"regexp"
	"strings"
	"testing"
)

// The flags' help names other flags with two dashes, as the usage line,
// README and the error messages do (--shards, not -shards).
func TestHelpNamesFlagsWithTwoDashes(t *testing.T) {
	_, _, errOut := runCLI("--help")
	oneDash := regexp.MustCompile(`(^|[^-\w])-[a-z][a-z-]*`)
	for _, line := range strings.Split(errOut, "\n") {
		if !strings.HasPrefix(line, "    \t") { // a flag's usage text, not its name
			continue
		}
		if m := oneDash.FindAllString(line, -1); m != nil {
			t.Errorf("%q in %q", m, strings.TrimSpace(line))
		}
	}
}
