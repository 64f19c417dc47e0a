package wording

import (
	"fmt"
	"strconv"
)

// maxQuoted is how many bytes of a saved string an error quotes.
const maxQuoted = 80

// Quote returns s quoted for an error, cut after maxQuoted bytes (and
// then followed by its length): a hand-edited save's huge value gives a
// short message.
func Quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:maxQuoted]), len(s))
}
