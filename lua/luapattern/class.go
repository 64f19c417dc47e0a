package luapattern

// The character classes of Lua patterns (%a, %d, ...) in the C locale, as
// PUC Lua's match_class sees them through ctype.h.

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isAlpha(c byte) bool { return isLower(c) || isUpper(c) }
func isSpace(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }
func isCntrl(c byte) bool { return c < ' ' || c == 0x7f }
func isPunct(c byte) bool { return '!' <= c && c <= '~' && !isAlpha(c) && !isDigit(c) }
func isXDigit(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// matchClass reports whether c is in the class %cl; a cl that names no
// class stands for itself (%. is a dot).
func matchClass(c, cl byte) bool {
	var res bool
	lower := cl
	if isUpper(cl) {
		lower = cl + ('a' - 'A')
	}
	switch lower {
	case 'a':
		res = isAlpha(c)
	case 'c':
		res = isCntrl(c)
	case 'd':
		res = isDigit(c)
	case 'l':
		res = isLower(c)
	case 'p':
		res = isPunct(c)
	case 's':
		res = isSpace(c)
	case 'u':
		res = isUpper(c)
	case 'w':
		res = isAlpha(c) || isDigit(c)
	case 'x':
		res = isXDigit(c)
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if isUpper(cl) {
		return !res
	}
	return res
}
