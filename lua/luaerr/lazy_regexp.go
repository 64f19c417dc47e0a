package luaerr

import (
	"regexp"
	"sync"
)

// lazyRE returns a function that compiles expr at its first call and
// returns the same *regexp.Regexp after: the package's patterns are read
// only when an error is being described, so a host that raises none does
// not pay for their compilation at start-up. expr must compile (a bad
// pattern panics at its first use, as regexp.MustCompile does).
func lazyRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
