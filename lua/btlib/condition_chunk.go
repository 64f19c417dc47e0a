package btlib

// condChunkLen is how many Lua preconditions newCondition allocates at a
// time: 16 of 56 bytes, under a kilobyte that one live condition keeps.
const condChunkLen = 16

// newCondition returns a zero luaCondition. Conditions come a chunk at a
// time (issue 23, build per agent: a warrior's ten AddCondition calls
// made ten allocations); the conditions a build makes one after the
// other sit side by side, as their agent's checks read them.
func (lib *Lib) newCondition() *luaCondition {
	if len(lib.condChunk) == 0 {
		lib.condChunk = make([]luaCondition, condChunkLen)
	}
	c := &lib.condChunk[0]
	lib.condChunk = lib.condChunk[1:]
	return c
}
