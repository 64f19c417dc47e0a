package main

import (
	"flag"
	"strings"
)

// visitValueFlags calls fn for each flag of fs that was set and takes a
// value (bool flags take none), in fs.Visit's order, with the flag's value
// v and how its usage names that value: what ("FILE" for a usage with a
// `FILE`, else "value") and placeholder ("FILE", else "VALUE"). It stops
// at, and returns, the first error fn returns.
func visitValueFlags(fs *flag.FlagSet, fn func(f *flag.Flag, v, what, placeholder string) error) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err != nil {
			return
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			return
		}
		arg, _ := flag.UnquoteUsage(f)
		what, placeholder := "value", "VALUE"
		if arg != "" && arg == strings.ToUpper(arg) { // a `NAME` of its usage
			what, placeholder = arg, arg
		}
		err = fn(f, f.Value.String(), what, placeholder)
	})
	return err
}
