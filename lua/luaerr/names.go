package luaerr

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shown returns a tree, agent or task name as an error writes it: as it
// is, unless it holds a control character (a newline or a terminal escape
// in a name a script set), invalid UTF-8 or begins with a double quote;
// then quoted as Go's %q does, as --trace writes such names.
func Shown(s string) string {
	if strings.HasPrefix(s, `"`) || !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) {
		return strconv.Quote(s)
	}
	return s
}
