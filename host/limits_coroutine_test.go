package host

import (
	"fmt"
	"testing"

	"github.com/btlua/btlua/host/internal/vm"
)

// Coroutines kept in a loop are refused once those alive would take half
// the memory limit, at 38 KiB each (vm.ThreadBytes), on the classic host and
// on 2 shards: the stop is the create's error, not the heap's.
func TestCoroutineSpamStopped(t *testing.T) {
	for _, fn := range []string{"create", "wrap"} {
		t.Run(fn, func(t *testing.T) {
			forShards(t, func(t *testing.T, shards int) {
				r := runAttack(t, shards, `    local kept = {}
    while true do kept[#kept + 1] = coroutine.`+fn+`(function() end) end`, Options{Budget: 10e9})
				n := r.limit / 2 / vm.ThreadBytes
				r.errIs(t, fmt.Sprintf("%s:4: coroutine.%s: memory limit of %s exceeded (%d coroutines alive, of %d bytes each, are half of it) (tree hog, task Hog)",
					r.path, fn, bytesText(float64(r.limit)), n, vm.ThreadBytes))
			})
		})
	}
}

// Coroutines no longer reachable do not count: making many more than the
// limit holds, one at a time, works.
func TestCoroutinesCollectedNotCounted(t *testing.T) {
	r := runAttack(t, 0, `    for i = 1, 5000 do
        local co = coroutine.create(function(a) coroutine.yield(a + 1) end)
        assert(select(2, coroutine.resume(co, i)) == i + 1)
    end
    print("done")`, Options{Budget: 10e9})
	if r.err != nil || r.out != "done\n" {
		t.Errorf("error %v, output %q; want none and done", r.err, r.out)
	}
}
