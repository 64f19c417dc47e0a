package jsonread

import (
	"bytes"
	"encoding/json"
)

// DupKey returns the first key of data (JSON) repeated in its object,
// and the offset in data just past it; found is false when no object of
// data repeats a key (or data is no JSON past some point: the keys
// before it are checked). encoding/json keeps the last of two values of
// one key, so that an edited document would pass with one of them
// unseen.
func DupKey(data []byte) (key string, offset int64, found bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		keys    map[string]bool // nil for a list
		wantKey bool
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", 0, false
		}
		n := len(stack)
		if n > 0 && stack[n-1].keys != nil && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				if stack[n-1].keys[k] {
					return k, dec.InputOffset(), true
				}
				stack[n-1].keys[k], stack[n-1].wantKey = true, false
				continue
			}
		}
		if n > 0 && stack[n-1].keys != nil {
			stack[n-1].wantKey = true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:n-1]
		}
	}
}
