package btlib

import (
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
)

func init() {
	builtin(Class{
		Name: "BTPerformInterruption", Base: "BTAction",
		Doc: "Ends the given BTInterrupts' children with a status and succeeds (Behavior Designer's Perform Interruption).",
		Params: []Param{
			{Name: "status", Type: ArgStatus, Optional: true, Default: bt.Failure, Doc: "the status the interrupts return"},
			{Name: "interrupt", Type: ArgTask, Variadic: true, Doc: "the BTInterrupt tasks to end"},
		},
		New: func(a Args) (bt.Task, error) {
			var targets []*bt.Interrupt
			for i, t := range a.Tasks("interrupt") {
				in, ok := t.(*Task).Impl.(*bt.Interrupt)
				if !ok {
					return nil, fmt.Errorf("interrupt %d: want a BTInterrupt, got %s", i+1, t.(*Task).Kind())
				}
				targets = append(targets, in)
			}
			return bt.NewPerformInterruption(a.Status("status"), targets...), nil
		},
	})
}
