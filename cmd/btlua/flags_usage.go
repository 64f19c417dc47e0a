package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
)

// This file holds how btlua shows its flags: the usage listing of --help
// and the flag package's parse errors, with two dashes (--ticks), as the
// usage line, README and btlua's own errors write them; the flag package
// writes one (-ticks) whichever the user typed.

// printUsage writes usageText and the flags of fs, sorted by name, in the
// flag package's layout (flag.PrintDefaults) but with two dashes:
//
//	--budget duration
//	  	CPU budget of ... (default 2s)
func printUsage(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	b.WriteString(usageText)
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		b.WriteString("  --" + f.Name)
		if arg != "" {
			b.WriteString(" " + arg)
		}
		b.WriteString("\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t"))
		if def := f.DefValue; !zeroDefault(def) {
			if g, ok := f.Value.(flag.Getter); ok && isString(g.Get()) {
				def = fmt.Sprintf("%q", def)
			}
			b.WriteString(" (default " + def + ")")
		}
		b.WriteString("\n")
	})
	io.WriteString(w, b.String())
}

// zeroDefault reports whether def, a flag's default as text, is its
// type's zero value, which the listing leaves out as flag.PrintDefaults
// does.
func zeroDefault(def string) bool {
	switch def {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// oneDashFlag matches the flag package's parse errors up to the one dash
// before the flag's name: "flag provided but not defined: -", "flag needs
// an argument: -", `invalid value "x" for flag -`, `invalid boolean value
// "x" for -`.
var oneDashFlag = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(flag provided but not defined: |flag needs an argument: |invalid value "(?:[^"\\]|\\.)*" for flag |invalid boolean value "(?:[^"\\]|\\.)*" for )-`)
})

// parseError returns err, a parse error of the flag package for fs: a
// value that does not parse says what the flag wants (wantsError), the
// others name the flag with two dashes (see oneDashFlag); other errors
// are returned as they are.
func parseError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if wants, ok := wantsError(fs, msg); ok {
		return errors.New(wants)
	}
	if fixed := oneDashFlag().ReplaceAllString(msg, "${1}--"); fixed != msg {
		return errors.New(fixed)
	}
	return err
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

// usageHint follows a usage error on stderr: the one error stays in
// view, and --help has the listing.
const usageHint = "usage: btlua [flags] script.lua (btlua --help lists the flags)\n"
