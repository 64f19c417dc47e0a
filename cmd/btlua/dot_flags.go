package main

import (
	"fmt"
	"strings"
)

// dotRunFlags are the flags of a run, which --dot (print the trees, then
// exit) cannot honour, in the order of the usage listing. The flags of
// the load (--agents, --restore, --sandbox, the limits) it honours.
var dotRunFlags = []string{"fast", "frame-budget", "hz", "inspect", "near", "profile", "record", "save", "tick-interval", "ticks", "trace", "watch"}

// dotRefuses returns the usage error of --dot (when dot is set) given
// with flags of a run (given: the flags on the command line), naming them
// all:
//
//	--dot prints the trees and exits, so there is no run for --record, --ticks; run without them or without --dot
func dotRefuses(dot bool, given map[string]bool) error {
	if !dot {
		return nil
	}
	var names []string
	for _, name := range dotRunFlags {
		if given[name] {
			names = append(names, "--"+name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	pronoun := "it"
	if len(names) > 1 {
		pronoun = "them"
	}
	return fmt.Errorf("--dot prints the trees and exits, so there is no run for %s; run without %s or without --dot", strings.Join(names, ", "), pronoun)
}
