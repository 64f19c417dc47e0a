package savefile

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// nonNull names, for each key of the save's objects that holds a number,
// string or boolean, what it wants: encoding/json reads a null there as
// "no change", which would let a hand-edited `"st": null` pass as the
// zero value.
var nonNull = map[string]string{
	"format": "a string", "version": "a whole number", "ticks": "a whole number >= 0",
	"clock": "a number", "script": "a string", "sha256": "a string", "spawned": "true or false",
	"index": "a whole number", "name": "a string", "signature": "a string",
	"status": "a status number", "time": "a number", "dt": "a number",
	"starts": "a whole number >= 0", "execs": "a whole number", "complete": "true or false",
	"path": "a string", "kind": "a string", "st": "a status number",
	"f": "a whole number >= 0", "tk": "a whole number >= 0", "seq": "a whole number >= 0",
	"re": "a whole number >= 0", "task": "a whole number", "hooked": "true or false",
	"go": "true or false", "mt": "a string", "obj": "true or false",
	"delay": "a number", "sinceFail": "a number", "restartIn": "a number", "err": "a string",
	"action": "a whole number", "maxDelay": "a number",
}

// freeKeys hold values of their own shapes (spawn arguments, a GOAP
// agent's state): not walked.
var freeKeys = map[string]bool{"args": true, "state": true}

// nullWhere returns an error naming the first null of data (a save
// encoding/json decoded) that stands where nonNull says a value must.
func nullWhere(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		obj, wantKey bool
		key          string
	}
	var stack []frame
	skip := 0 // depth inside a free key's value
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		n := len(stack)
		if n > 0 && stack[n-1].obj && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].wantKey = k, false
				continue
			}
		}
		key := ""
		if n > 0 && stack[n-1].obj {
			key = stack[n-1].key
			stack[n-1].wantKey = true
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if skip > 0 || freeKeys[key] {
				skip++
			}
			stack = append(stack, frame{obj: tok == json.Delim('{'), wantKey: tok == json.Delim('{')})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:n-1]
			if skip > 0 {
				skip--
			}
			continue
		}
		if want, ok := nonNull[key]; ok && tok == nil && skip == 0 {
			place, _ := savePlace(data, dec.InputOffset())
			what := fmt.Sprintf("%q is null, want %s", key, want)
			if place == "" {
				return fmt.Errorf("%s", what)
			}
			return fmt.Errorf("%s: %s", place, what)
		}
	}
}
