package luaerr

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/yuin/gopher-lua/parse"
)

// afterLast returns PUC Lua 5.1's message for gopher-lua's syntax error
// at line:col of src near the token near, when the error is a statement
// after the last statement of its block (a return or a break): "'<eof>'
// expected near 'x'" at the chunk's level, "'end' expected near 'x'" or
// "'until' expected near 'x'" inside a block, with "(to close 'function'
// at line 3)" before "near" when the block opened on another line. ok is
// false for any other syntax error.
//
// It tells such an error by the text before the error: it compiles once
// the open blocks are closed, and no longer with a statement added.
func afterLast(src []byte, line, col int, near string) (string, bool) {
	// gopher-lua's column is that of the token's last byte.
	off, ok := offset(src, line, col-len(near)+1)
	if !ok || near == "" || !bytes.HasPrefix(src[off:], []byte(near)) {
		return "", false
	}
	before := string(src[:off])
	open, last, ok := openBlocks(before)
	if !ok || last == parse.TReturn { // "return )": PUC reads ")" as an expression
		return "", false
	}
	var closers strings.Builder
	for i := len(open) - 1; i >= 0; i-- {
		if open[i].word == "repeat" {
			closers.WriteString("\nuntil true")
		} else {
			closers.WriteString("\nend")
		}
	}
	if !compiles(before+closers.String()) || compiles(before+"\nlocal _ = 1"+closers.String()) {
		return "", false
	}
	if len(open) == 0 {
		return "'<eof>' expected near '" + near + "'", true
	}
	top := open[len(open)-1]
	want := "'end' expected"
	if top.word == "repeat" {
		want = "'until' expected"
	}
	if top.line != line {
		want += " (to close '" + top.word + "' at line " + strconv.Itoa(top.line) + ")"
	}
	return want + " near '" + near + "'", true
}

// offset returns the byte offset of line:col (both from 1) in src.
func offset(src []byte, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	off += col - 1
	if col < 1 || off > len(src) {
		return 0, false
	}
	return off, true
}

// block is a block open at some point of a text: its opening keyword and
// line.
type block struct {
	word string
	line int
}

// openBlocks returns the blocks text leaves open, outermost first, and
// the type of text's last token; ok is false when text does not scan.
func openBlocks(text string) (open []block, last int, ok bool) {
	sc := parse.NewScanner(strings.NewReader(text), "")
	lx := &parse.Lexer{}
	doOf := 0 // the while and for loops whose "do" is still to come
	for {
		tok, err := sc.Scan(lx)
		if err != nil {
			return nil, 0, false
		}
		switch tok.Type {
		case 0, parse.EOF:
			return open, lx.PrevTokenType, true
		case parse.TFunction, parse.TIf, parse.TRepeat:
			open = append(open, block{tok.Str, tok.Pos.Line})
		case parse.TWhile, parse.TFor:
			open = append(open, block{tok.Str, tok.Pos.Line})
			doOf++
		case parse.TDo:
			if doOf > 0 {
				doOf--
			} else {
				open = append(open, block{"do", tok.Pos.Line})
			}
		case parse.TEnd, parse.TUntil:
			if len(open) == 0 {
				return nil, 0, false
			}
			open = open[:len(open)-1]
		}
		lx.PrevTokenType = tok.Type
	}
}

// compiles reports whether text parses as a Lua chunk.
func compiles(text string) bool {
	_, err := parse.Parse(strings.NewReader(text), "")
	return err == nil
}
