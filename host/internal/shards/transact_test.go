package shards

import (
	"errors"
	"fmt"
	"testing"
)

// step is a Prepared that logs what happens to it.
type step struct {
	i   int
	log *[]string
}

func (s step) Apply() int { *s.log = append(*s.log, fmt.Sprintf("apply %d", s.i)); return s.i * 10 }
func (s step) Abort()     { *s.log = append(*s.log, fmt.Sprintf("abort %d", s.i)) }

// A change fails in shard 3: shards 0 and 2 (1 is not concerned) undo
// theirs, the last first, and none applies; without the failure each
// applies in shard order.
func TestTransact(t *testing.T) {
	var log []string
	prepare := func(fail int) func(int) (Prepared[int], bool, error) {
		return func(i int) (Prepared[int], bool, error) {
			switch {
			case i == fail:
				return nil, true, errors.New("shard 3 refused")
			case i == 1:
				return nil, false, nil
			}
			log = append(log, fmt.Sprintf("prepare %d", i))
			return step{i, &log}, true, nil
		}
	}
	out, err := Transact(4, prepare(3))
	if err == nil || err.Error() != "shard 3 refused" || out != nil {
		t.Fatalf("Transact = %v, %v; want nil and shard 3's error", out, err)
	}
	if fmt.Sprint(log) != "[prepare 0 prepare 2 abort 2 abort 0]" {
		t.Fatalf("log %v", log)
	}
	log = nil
	out, err = Transact(4, prepare(-1))
	if err != nil || fmt.Sprint(out) != "[0 20 30]" {
		t.Fatalf("Transact = %v, %v; want [0 20 30]", out, err)
	}
	if fmt.Sprint(log) != "[prepare 0 prepare 2 prepare 3 apply 0 apply 2 apply 3]" {
		t.Fatalf("log %v", log)
	}
}
