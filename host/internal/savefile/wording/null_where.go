package wording

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// nonNull names, for each key of the save's objects that holds a number,
// string, boolean or object, what it wants: encoding/json reads a null
// there as "no change", which would let a hand-edited `"st": null` pass
// as the zero value. kindNonNull overrides it for a kind of object.
var nonNull = map[string]string{
	"format": "a string", "version": "a whole number", "digest": "a string", "ticks": "a whole number >= 0",
	"shards": "a whole number", "clock": "a number", "script": "a string", "sha256": "a string",
	"spawned": "true or false", "state": "a whole number",
	"index": "a whole number", "name": "a string", "signature": "a string",
	"status": "a status number", "time": "a number", "dt": "a number",
	"starts": "a whole number >= 0", "execs": "a whole number", "complete": "true or false",
	"path": "a string", "kind": "a string", "st": "a status number",
	"f": "a whole number >= 0", "tk": "a whole number >= 0", "seq": "a whole number >= 0",
	"re": "a whole number >= 0", "task": "a whole number", "hooked": "true or false",
	"go": "true or false", "mt": "a string", "obj": "true or false",
	"delay": "a number", "sinceFail": "a number", "restartIn": "a number", "err": "a string",
	"stopped": "true or false",
	"action":  "a whole number", "maxDelay": "a number",
	"interval": "a number", "since": "a number", "waiting": "true or false", "started": "true or false",
	// A GOAP agent's state.
	"goalPrio": "a number", "cost": "a number", "left": "a whole number", "failures": "a whole number",
	"wait": "a whole number", "sinceCheck": "a whole number", "changed": "true or false",
	"prio": "a number", "key": "a string", "op": "a string",
}

// kindNonNull is nonNull for the keys that mean another thing in one
// kind of object (see shapeKind).
var kindNonNull = map[string]map[string]string{
	"goap":   {"state": "an object (the GOAP agent's state)"},
	"tables": {"kv": "a list of keys and values"},
	"fields": {"kv": "a list of keys and values"},
	"agents": {"fields": "a list", "tables": "a list"},
}

// nonNullElems names, for each key holding a list, what its elements
// must be: a null element would be read as 0, false, "" or an empty
// object.
var nonNullElems = map[string]string{
	"own": "a number", "plan": "a whole number", "costs": "a number",
	"inRange": "true or false", "done": "true or false", "stack": "a string",
	"btaiRandom": "a base64 string",
	"loads":      "an object", "agents": "an object", "tasks": "an object", "tables": "an object",
	"vars": "an object", "refs": "an object", "fields": "an object", "goap": "an object",
	"failed": "an object", "conds": "an object",
}

// required lists, for each kind of object (see shapeKind), the keys it
// must have: a missing key would be read as 0, "" or empty.
var required = map[string][]string{
	"file":      {"format", "version"},
	"loads":     {"script"},
	"agents":    {"tree"},
	"fields":    {"task"},
	"tables":    {"kv"},
	"vars":      {"name"},
	"refs":      {"task"},
	"goap":      {"task", "state", "provider", "actions"},
	"goapState": {"stack"},
	"goal":      {"name", "prio"},
	"conds":     {"key", "op"},
}

// freeKeys hold values of their own shapes (spawn arguments, saved
// values): not walked.
var freeKeys = map[string]bool{"args": true, "v": true, "kv": true, "hook": true, "provider": true, "actions": true}

// shapeKind is the kind of an object that is the value of key in an
// object of kind parent, or (inList) an element of the list of key.
func shapeKind(parent, key string, inList bool) string {
	switch {
	case inList && key == "failed":
		return "goal"
	case inList:
		return key
	case parent == "goap" && key == "state":
		return "goapState"
	case parent == "goapState" && (key == "goal" || key == "pending"):
		return "goal"
	}
	return key
}

// NullWhere returns an error naming, with its place, the first null of
// data (a save encoding/json decoded) that stands where a value must (a
// key of nonNull, an element of a list of nonNullElems), the first key
// that required says an object must have and it lacks, or the first key
// its kind of object does not have (kindKeys), or bad base64 in "rand"
// or "btaiRandom". root is the kind
// of data's top object: "file" for a whole save.
func NullWhere(data []byte, root string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []jsonFrame
	var kinds []string
	var seen [][]string
	skip := 0 // depth inside a free key's value
	fail := func(what string) error {
		place, _ := placeText(stack)
		if place == "" {
			return fmt.Errorf("%s", what)
		}
		return fmt.Errorf("%s: %s", place, what)
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		n := len(stack)
		if n > 0 && !stack[n-1].list && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].wantKey = k, false
				if skip == 0 {
					seen[n-1] = append(seen[n-1], k)
					if known, ok := kindKeys()[kinds[n-1]]; ok && !known[k] {
						return fail(fmt.Sprintf("%q is an unknown key", k))
					}
				}
				continue
			}
		}
		key, inList, parent := "", false, ""
		if n > 0 {
			parent = kinds[n-1]
			if stack[n-1].list {
				key, inList = stack[n-1].listName, true
			} else {
				key = stack[n-1].key
			}
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if skip > 0 || !inList && freeKeys[key] {
				skip++
			}
			kind := root
			if n > 0 {
				kind = shapeKind(parent, key, inList)
			}
			listName := ""
			if !inList {
				listName = key
			}
			stack = append(stack, jsonFrame{list: tok == json.Delim('['), wantKey: tok == json.Delim('{'), listName: listName})
			kinds = append(kinds, kind)
			seen = append(seen, nil)
			continue
		case json.Delim('}'), json.Delim(']'):
			if skip == 0 && tok == json.Delim('}') {
				for _, k := range required[kinds[n-1]] {
					if !slices.Contains(seen[n-1], k) {
						return fail(fmt.Sprintf("%q is missing", k))
					}
				}
				if kinds[n-1] == "goapState" && slices.Contains(seen[n-1], "plan") && !slices.Contains(seen[n-1], "left") {
					return fail(`"left" is missing (a plan's steps still queued)`)
				}
			}
			stack, kinds, seen = stack[:n-1], kinds[:n-1], seen[:n-1]
			if skip > 0 {
				skip--
			}
			advanceFrame(stack)
			continue
		}
		if s, ok := tok.(string); ok && skip == 0 && n > 0 {
			if !inList && (key == "script" || key == "path") {
				stack[n-1].label = s
			}
			if inList && key == "btaiRandom" || !inList && key == "rand" {
				if _, err := base64.StdEncoding.DecodeString(s); err != nil {
					name := strconv.Quote(key)
					if inList {
						name = elemName(key, stack[n-1].index)
						stack = stack[:n-1]
					}
					return fail(fmt.Sprintf("%s is %.40q, want a base64 string (illegal data at byte %d)", name, s, err.(base64.CorruptInputError)))
				}
			}
		}
		if tok == nil && skip == 0 && n > 0 {
			if inList {
				if want, ok := nonNullElems[key]; ok {
					what := fmt.Sprintf("%s is null, want %s", elemName(key, stack[n-1].index), want)
					stack = stack[:n-1] // the place is the list's holder
					return fail(what)
				}
			} else if want, ok := kindNonNull[parent][key]; ok {
				return fail(fmt.Sprintf("%q is null, want %s", key, want))
			} else if want, ok := nonNull[key]; ok && !freeKeys[key] {
				return fail(fmt.Sprintf("%q is null, want %s", key, want))
			}
		}
		advanceFrame(stack)
	}
}

// advanceFrame moves the top of stack past the value just read.
func advanceFrame(stack []jsonFrame) {
	if n := len(stack); n > 0 {
		if stack[n-1].list {
			stack[n-1].index++
		} else {
			stack[n-1].wantKey = true
		}
	}
}

// elemName is the name of item i (from 0) of the list of key, as a
// message about it says it: "tables"[3].
func elemName(key string, i int) string { return strconv.Quote(key) + "[" + strconv.Itoa(i+1) + "]" }
