package inspect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"time"

	"github.com/btlua/btlua/host"
)

// editor is a backend that carries out a "set" command later (the live
// inspector, on the ticking goroutine) and tells its outcome: wait returns
// nil once the variable is set, or the refusal; made false when the
// outcome did not come within hostWait (the host is not ticked) or ctx
// ended: the edit stays queued and State.Refused tells a refusal then.
// err is a refusal at once.
type editor interface {
	edit(c Command) (wait func(ctx context.Context) (err error, made bool), err error)
}

// editQueueLimit is the most edits waiting for the next Tick.
const editQueueLimit = 256

// edit checks a "set" command and queues it for the gate, which sets the
// variable unless its value there is of another type (see editType); at
// most editQueueLimit wait.
func (in *Inspector) edit(c Command) (func(context.Context) (error, bool), error) {
	if c.Name == "" {
		return nil, errors.New("set: no variable name")
	}
	v, err := editValue(c.Value)
	if err != nil {
		return nil, fmt.Errorf("set %s: %w", c.Name, err)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if !c.Global && in.model.agent(c.Agent) == nil {
		return nil, fmt.Errorf("set %s: no agent %d", c.Name, c.Agent)
	}
	if len(in.queue) >= editQueueLimit {
		return nil, fmt.Errorf("set %s: refused: %d edits wait for the next Tick already", c.Name, editQueueLimit)
	}
	done := make(chan error, 1)
	abandoned := false // under mu: the command was answered without the outcome
	id, name, global := c.Agent, c.Name, c.Global
	in.queue = append(in.queue, func() {
		err := in.setVariable(id, global, name, v)
		in.mu.Lock()
		defer in.mu.Unlock()
		switch {
		case err == nil:
			in.refused = ""
		case abandoned:
			in.refused = err.Error()
		}
		in.changedLocked()
		done <- err
	})
	wait := func(ctx context.Context) (error, bool) {
		t := time.NewTimer(hostWait)
		defer t.Stop()
		select {
		case err := <-done:
			return err, true
		case <-t.C:
		case <-ctx.Done():
		}
		in.mu.Lock()
		defer in.mu.Unlock()
		select {
		case err := <-done: // came meanwhile
			return err, true
		default:
			abandoned = true
			return nil, false
		}
	}
	return wait, nil
}

// setVariable sets agent id's variable name (a global one when global)
// to v (nil, float64, string or bool; nil deletes), unless the variable
// holds a value of another type (ticking goroutine, between ticks).
func (in *Inspector) setVariable(id int, global bool, name string, v any) error {
	var target *host.Agent
	var current any
	if global {
		current = in.h.Globals().Get(name)
	} else {
		if target = in.agentByID(id); target == nil {
			return fmt.Errorf("set %s: no agent %d (it has left the host)", name, id)
		}
		current = target.Get(name)
	}
	if err := editType(name, current, v); err != nil {
		return err
	}
	return in.h.SetVariable(target, name, v)
}

// editType refuses to set the variable name, now current (nil: not set),
// to v of another Lua type (see host.LuaType): a script that does
// arithmetic on a number would fail on a string. Deleting (v nil) and a
// new variable take any value.
func editType(name string, current, v any) error {
	was, now := host.LuaType(current), host.LuaType(v)
	if was == "nil" || now == "nil" {
		return nil
	}
	if now != was {
		shown, _ := json.Marshal(shownValue(current))
		if len(shown) > 60 {
			shown = append(shown[:57:57], "..."...)
		}
		given, _ := json.Marshal(shownValue(v))
		if len(given) > 60 {
			given = append(given[:57:57], "..."...)
		}
		return fmt.Errorf("set %s: refused: %s is a %s (%s), the value given is a %s (%s); the variable is unchanged", name, name, was, shown, now, given)
	}
	return nil
}

// shownValue is a variable's value (see host.Agent.Get) as a refused
// edit shows it: numbers, strings and booleans (of any Go type of those
// kinds but integers; an int is a number) as JSON's, NaN and the
// infinities and any other value as their text.
func shownValue(v any) any {
	if i, ok := v.(int); ok {
		return float64(i)
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Invalid:
		return nil
	case reflect.Float64:
		if f := rv.Float(); !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		return rv.Bool()
	}
	return fmt.Sprint(v)
}

// editValue turns an edited JSON value into the Go value to set: null
// (or nothing) deletes, numbers (float64), strings and booleans as they
// are.
func editValue(raw json.RawMessage) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	switch v.(type) {
	case nil, float64, string, bool:
		return v, nil
	}
	return nil, fmt.Errorf("want a number, a string, true, false or null, got %s", raw)
}
