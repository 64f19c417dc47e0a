package savefile

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// dupKey returns an error naming the first key of data (JSON) repeated
// in its object: encoding/json keeps the last of them, so that a
// hand-edited save would pass with one of two values unseen.
func dupKey(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		keys    map[string]bool // nil for a list
		wantKey bool
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		n := len(stack)
		if n > 0 && stack[n-1].keys != nil && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				if stack[n-1].keys[k] {
					place, _ := savePlace(data, dec.InputOffset())
					what := fmt.Sprintf("the key %s is repeated in one object", Quote(k))
					if place == "" {
						return fmt.Errorf("%s", what)
					}
					return fmt.Errorf("%s: %s", place, what)
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
