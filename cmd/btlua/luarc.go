package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// withLibrary returns the LuaLS configuration text rc (JSONC: JSON with
// comments and trailing commas, as LuaLS reads .luarc.json) with lib in
// its workspace.library list, and runtime.version "Lua 5.1" when rc sets
// no runtime: rc edited in place, so that its comments, layout and other
// settings are kept. A nested "workspace": {"library": [...]} is used
// when rc has one, else the flat "workspace.library" key; a library that
// is a single string becomes a list holding it and lib. changed is false
// when rc names lib already and sets a runtime. An error says where rc is
// not a JSONC object.
func withLibrary(rc []byte, lib string) (out []byte, changed bool, err error) {
	root, err := parseJSONC(rc)
	if err != nil {
		return nil, false, err
	}
	if root.kind != '{' {
		return nil, false, fmt.Errorf("the text is not an object")
	}
	var e edits
	added := map[*jsonNode][]string{} // the members to add to each object
	var order []*jsonNode
	add := func(obj *jsonNode, member string) {
		if added[obj] == nil {
			order = append(order, obj)
		}
		added[obj] = append(added[obj], member)
	}
	holder, key := root, "workspace.library"
	if ws := root.member("workspace"); ws != nil && ws.kind == '{' {
		holder, key = ws, "library"
	}
	item := strconv.Quote(lib)
	switch libs := holder.member(key); {
	case libs == nil:
		add(holder, strconv.Quote(key)+": ["+item+"]")
	case libs.kind == '[':
		if !slices.ContainsFunc(libs.elems, func(n *jsonNode) bool { return n.kind == '"' && n.str == lib }) {
			if len(libs.elems) == 0 {
				e.insert(libs.start+1, item)
			} else {
				e.insert(libs.elems[len(libs.elems)-1].end, ", "+item)
			}
		}
	case libs.kind == '"' && libs.str == lib:
	case libs.kind == '"':
		e.insert(libs.start, "[")
		e.insert(libs.end, ", "+item+"]")
	default: // not a list of folders: LuaLS could not use it
		e.replace(libs.start, libs.end, "["+item+"]")
	}
	if root.member("runtime") == nil && root.member("runtime.version") == nil {
		add(root, `"runtime.version": "Lua 5.1"`)
	}
	for _, obj := range order {
		e.addMembers(rc, obj, added[obj])
	}
	if len(e) == 0 {
		return rc, false, nil
	}
	return e.apply(rc), true, nil
}

// newLuarc is the .luarc.json --lua-stubs writes where there is none.
func newLuarc(lib string) []byte {
	b, _ := json.MarshalIndent(map[string]any{"runtime.version": "Lua 5.1", "workspace.library": []string{lib}}, "", "  ")
	return append(b, '\n')
}

// edit replaces text[start:end] with text (an insertion when start ==
// end).
type edit struct {
	start, end int
	text       string
}

type edits []edit

func (e *edits) insert(at int, text string) { *e = append(*e, edit{at, at, text}) }

func (e *edits) replace(start, end int, text string) { *e = append(*e, edit{start, end, text}) }

// addMembers adds the members ("key": value) at the end of object obj of
// rc: after its last member, each on a line of its own indented as that
// member when the object spans lines.
func (e *edits) addMembers(rc []byte, obj *jsonNode, members []string) {
	if len(obj.vals) == 0 {
		e.insert(obj.start+1, strings.Join(members, ", "))
		return
	}
	last := len(obj.vals) - 1
	at := obj.keyAt[last]
	lineStart := bytes.LastIndexByte(rc[:at], '\n') + 1
	sep := " "
	if lineStart > obj.start {
		indent := rc[lineStart:at]
		if strings.Trim(string(indent), " \t") == "" {
			sep = "\n" + string(indent)
		}
	}
	e.insert(obj.vals[last].end, ","+sep+strings.Join(members, ","+sep))
}

// apply returns rc with the edits made, in the order they were added
// where several insert at one offset.
func (e edits) apply(rc []byte) []byte {
	sorted := slices.Clone(e)
	slices.SortStableFunc(sorted, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	pos := 0
	for _, x := range sorted {
		out.Write(rc[pos:x.start])
		out.WriteString(x.text)
		pos = max(pos, x.end)
	}
	out.Write(rc[pos:])
	return out.Bytes()
}
