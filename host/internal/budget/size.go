package budget

import "fmt"

// BytesText formats a size of n bytes for messages: "64 MiB", "4 GiB",
// four significant digits, or "512 bytes" below 1 MiB.
func BytesText(n float64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.4g GiB", n/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.4g MiB", n/(1<<20))
	}
	return fmt.Sprintf("%.0f bytes", n)
}
