package wording

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/savefile/jsonread"
)

// DupKey returns an error naming the first key of data (JSON) repeated
// in its object, with its place: encoding/json keeps the last of them,
// so that a hand-edited save would pass with one of two values unseen.
func DupKey(data []byte) error {
	k, off, found := jsonread.DupKey(data)
	if !found {
		return nil
	}
	place, _ := savePlace(data, off)
	what := fmt.Sprintf("the key %s is repeated in one object", Quote(k))
	if place == "" {
		return fmt.Errorf("%s", what)
	}
	return fmt.Errorf("%s: %s", place, what)
}
