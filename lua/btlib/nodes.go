package btlib

import (
	"fmt"
	"math/rand/v2"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// registerNodes creates the classes of the core's composites, decorators
// and leaves. Constructor arguments (documented in lua/luasrc/bt.lua) are
// optional where the core has a default, so that the series' pattern
// X = BTRepeater:New() still makes a class.
func (lib *Lib) registerNodes(composite, decorator, action, conditional *lua.LTable) {
	comp := func(name string, mk func(args []lua.LValue) (bt.Task, error)) {
		lib.class(name, composite, &spec{parent: true, make: func(_ *Lib, a []lua.LValue) (bt.Task, error) { return mk(a) }})
	}
	comp("BTSequence", func([]lua.LValue) (bt.Task, error) { return bt.NewSequence(), nil })
	comp("BTSelector", func([]lua.LValue) (bt.Task, error) { return bt.NewSelector(), nil })
	comp("BTParallel", func([]lua.LValue) (bt.Task, error) { return bt.NewParallel(), nil })
	comp("BTParallelSelector", func([]lua.LValue) (bt.Task, error) { return bt.NewParallelSelector(), nil })
	comp("BTParallelComplete", func([]lua.LValue) (bt.Task, error) { return bt.NewParallelComplete(), nil })
	comp("BTPrioritySelector", func([]lua.LValue) (bt.Task, error) { return bt.NewPrioritySelector(), nil })
	comp("BTUtilitySelector", func([]lua.LValue) (bt.Task, error) { return bt.NewUtilitySelector(), nil })
	comp("BTRandomSequence", func(a []lua.LValue) (bt.Task, error) {
		seed, w, err := seedAndWeights(a)
		if err != nil {
			return nil, err
		}
		s := bt.NewRandomSequence(seed)
		s.Weights = w
		return s, nil
	})
	comp("BTRandomSelector", func(a []lua.LValue) (bt.Task, error) {
		seed, w, err := seedAndWeights(a)
		if err != nil {
			return nil, err
		}
		s := bt.NewRandomSelector(seed)
		s.Weights = w
		return s, nil
	})

	dec := func(name string, mk func(args []lua.LValue) (bt.Task, error)) {
		lib.class(name, decorator, &spec{parent: true, located: true, make: func(_ *Lib, a []lua.LValue) (bt.Task, error) { return mk(a) }})
	}
	dec("BTInverter", func([]lua.LValue) (bt.Task, error) { return bt.NewInverter(nil), nil })
	dec("BTReturnSuccess", func([]lua.LValue) (bt.Task, error) { return bt.NewReturnSuccess(nil), nil })
	dec("BTReturnFailure", func([]lua.LValue) (bt.Task, error) { return bt.NewReturnFailure(nil), nil })
	dec("BTRepeater", func(a []lua.LValue) (bt.Task, error) {
		n, err := optCount(a, 0, "count", 0)
		if err != nil {
			return nil, err
		}
		r := bt.NewRepeater(n, nil)
		r.RepeatForever = n == 0
		r.EndOnFailure = lua.LVAsBool(arg(a, 1))
		return r, nil
	})
	dec("BTUntilSuccess", func(a []lua.LValue) (bt.Task, error) {
		n, err := optCount(a, 0, "maxAttempts", 0)
		u := bt.NewUntilSuccess(nil)
		u.MaxAttempts = n
		return u, err
	})
	dec("BTUntilFailure", func(a []lua.LValue) (bt.Task, error) {
		n, err := optCount(a, 0, "maxSuccesses", 0)
		u := bt.NewUntilFailure(nil)
		u.MaxSuccesses = n
		return u, err
	})
	dec("BTCooldown", func(a []lua.LValue) (bt.Task, error) {
		s, err := needDuration(a, "BTCooldown:New(seconds)")
		return bt.NewCooldown(s, nil), err
	})
	dec("BTTimeout", func(a []lua.LValue) (bt.Task, error) {
		s, err := needDuration(a, "BTTimeout:New(seconds)")
		return bt.NewTimeout(s, nil), err
	})
	dec("BTInterrupt", func([]lua.LValue) (bt.Task, error) { return bt.NewInterrupt(nil), nil })
	lib.class("BTConditionalEvaluator", decorator, &spec{parent: true, located: true, make: lib.makeEvaluator})

	leaf := func(base *lua.LTable, name string, mk func(lib *Lib, args []lua.LValue) (bt.Task, error)) {
		_, isCond := lib.specs[base]
		lib.class(name, base, &spec{leaf: true, conditional: isCond && lib.specs[base].conditional, located: name == "BTCondition", make: mk})
	}
	leaf(action, "BTWait", func(_ *Lib, a []lua.LValue) (bt.Task, error) {
		if arg(a, 1) != lua.LNil {
			lo, err := needSeconds(a, 0, "min")
			if err != nil {
				return nil, err
			}
			hi, err := needSeconds(a, 1, "max")
			if err != nil {
				return nil, err
			}
			if hi < lo {
				return nil, fmt.Errorf("max (%v) is less than min (%v)", hi, lo)
			}
			seed, err := optCount(a, 2, "seed", 0)
			if err != nil {
				return nil, err
			}
			var r = bt.NewRand(uint64(seed))
			if arg(a, 2) == lua.LNil {
				r = nil
			}
			return bt.NewRandomWait(lo, hi, r), nil
		}
		s, err := needDuration(a, "BTWait:New(seconds) or BTWait:New(min, max, seed?)")
		return bt.NewWait(s), err
	})
	leaf(action, "BTIdle", func(*Lib, []lua.LValue) (bt.Task, error) { return bt.NewIdle(), nil })
	leaf(action, "BTPerformInterruption", lib.makePerformInterruption)
	leaf(action, "BTCoroutine", makeCoroutine)
	leaf(conditional, "BTCondition", makeCondition)
	lib.registerVarTasks(action, conditional)
}

// needDuration reads the first argument as a duration in seconds (finite,
// >= 0) that must be given: a class made without it would wait, cool down
// or time out after 0 s, which is never what was meant. use shows the
// constructor in the error.
func needDuration(a []lua.LValue, use string) (float64, error) {
	if arg(a, 0) == lua.LNil {
		return 0, fmt.Errorf("seconds is missing: %s", use)
	}
	return optSeconds(a, 0, "seconds", 0)
}

// seedAndWeights reads (seed, weights) of the random composites: a
// missing seed draws a random one.
func seedAndWeights(a []lua.LValue) (r *rand.Rand, w []int, err error) {
	if arg(a, 0) != lua.LNil {
		seed, err := optCount(a, 0, "seed", 0)
		if err != nil {
			return nil, nil, err
		}
		r = bt.NewRand(uint64(seed))
	}
	w, err = optWeights(a, 1)
	return r, w, err
}

// makeEvaluator is BTConditionalEvaluator:New(conditionTask, reevaluate).
func (lib *Lib) makeEvaluator(_ *Lib, a []lua.LValue) (bt.Task, error) {
	var cond bt.Task
	if v := arg(a, 0); v != lua.LNil {
		t, err := lib.taskOf(v)
		if err != nil {
			return nil, fmt.Errorf("condition: %v", err)
		}
		cond = t
	}
	e := bt.NewConditionalEvaluator(cond, nil)
	e.Reevaluate = arg(a, 1) == lua.LNil || lua.LVAsBool(arg(a, 1))
	return e, nil
}

// makePerformInterruption is BTPerformInterruption:New(status, interrupt...).
func (lib *Lib) makePerformInterruption(_ *Lib, a []lua.LValue) (bt.Task, error) {
	s, err := optStatus(a, 0, "status", bt.Failure)
	if err != nil {
		return nil, err
	}
	var targets []*bt.Interrupt
	for i := 1; i < len(a); i++ {
		t, err := lib.taskOf(a[i])
		if err != nil {
			return nil, fmt.Errorf("interrupt %d: %v", i, err)
		}
		in, ok := t.Impl.(*bt.Interrupt)
		if !ok {
			return nil, fmt.Errorf("interrupt %d: want a BTInterrupt, got %s", i, t.Kind())
		}
		targets = append(targets, in)
	}
	return bt.NewPerformInterruption(s, targets...), nil
}
