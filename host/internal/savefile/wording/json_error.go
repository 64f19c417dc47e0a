package wording

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/btlua/btlua/host/internal/savefile/jsonread"
	"github.com/btlua/btlua/stdlib/bt"
)

// JSONWhere rewrites a JSON error about a save into the save's own terms:
// a truncated file, the byte of a syntax error, or for a value of the
// wrong type the place (load, agent, task ...) and what it is and should
// be. Go's names of the save's types never show.
func JSONWhere(data []byte, err error) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty")
	}
	var se *json.SyntaxError
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end of JSON") {
		return fmt.Errorf("truncated (unexpected end of the JSON) at byte %d", len(data))
	}
	if se != nil {
		return fmt.Errorf("not a btlua save (not JSON: %v at byte %d of %d)", se, se.Offset, len(data))
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		place, key := savePlace(data, te.Offset)
		got := "a " + te.Value
		if num, ok := strings.CutPrefix(te.Value, "number "); ok {
			got = "the number " + num
		} else if te.Value == "number" {
			got = "the number " + jsonread.NumberBefore(data, te.Offset)
		} else if te.Value == "object" || te.Value == "array" {
			got = map[string]string{"object": "an object", "array": "a list"}[te.Value]
		}
		what := fmt.Sprintf("%s is %s, want %s", key, got, wantWords(te.Type))
		if place == "" {
			return errors.New(what)
		}
		return fmt.Errorf("%s: %s", place, what)
	}
	return err
}

// wantWords names the JSON a Go type of the save is read from.
func wantWords(t reflect.Type) string {
	if t == reflect.TypeOf(bt.Status(0)) {
		return "a status number"
	}
	switch t.Kind() {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number >= 0"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "a base64 string"
		}
		return "a list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		return "an object"
	}
	return "another kind of value"
}

// placeNames says how an element of a list of the save is called.
var placeNames = map[string]string{
	"loads": "load", "agents": "agent", "tasks": "task", "vars": "variable",
	"fields": "fields", "tables": "table", "goap": "GOAP agent", "kv": "value",
	"actions": "action", "conds": "condition", "failed": "failed goal",
}

// jsonFrame is one open object or list while savePlace walks a save.
type jsonFrame struct {
	list     bool
	index    int    // of the list's current element
	key      string // of the object's current value
	wantKey  bool
	label    string // the object's "script" or "path"
	listName string // the key this list is the value of
}

// savePlace walks data to byte off and returns the place there, in the
// save's terms ("load 1 (s.lua), agent 1, tree, task 2 (path)"), and the
// key of the value there.
func savePlace(data []byte, off int64) (string, string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []jsonFrame
	parentKey := func() string {
		if n := len(stack); n > 0 && !stack[n-1].list {
			return stack[n-1].key
		}
		return ""
	}
	advance := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].list {
				stack[n-1].index++
			} else {
				stack[n-1].wantKey = true
			}
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if n := len(stack); n > 0 && !stack[n-1].list && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].wantKey = k, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if dec.InputOffset() >= off {
				return placeText(stack)
			}
			stack = append(stack, jsonFrame{list: tok == json.Delim('['), wantKey: tok == json.Delim('{'), listName: parentKey()})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			advance()
			continue
		}
		if dec.InputOffset() >= off {
			return placeText(stack)
		}
		if n := len(stack); n > 0 && !stack[n-1].list {
			if s, ok := tok.(string); ok && (stack[n-1].key == "script" || stack[n-1].key == "path") {
				stack[n-1].label = s
			}
		}
		advance()
	}
	return placeText(stack)
}

// placeText is the text of the place of stack, and the name of its
// value: its key quoted ("st"), or its list and index ("tables"[3]).
func placeText(stack []jsonFrame) (string, string) {
	var parts []string
	key := ""
	for i, f := range stack {
		last := i == len(stack)-1
		if f.list {
			name := placeNames[f.listName]
			if name == "" {
				name = strconv.Quote(f.listName) + " value"
			}
			part := name + " " + strconv.Itoa(f.index+1)
			if i+1 < len(stack) && stack[i+1].label != "" {
				part += " (" + stack[i+1].label + ")"
			}
			if last {
				key = elemName(f.listName, f.index)
				continue
			}
			parts = append(parts, part)
			continue
		}
		if last {
			key = strconv.Quote(f.key)
			continue
		}
		if !stack[i+1].list {
			parts = append(parts, f.key)
		}
	}
	return strings.Join(parts, ", "), key
}
