package savefile

import "fmt"

// fieldsFault says what is wrong with the fields entry e of a save of
// version v as a writer never writes it ("" when nothing): an entry
// holds its task's fields ("kv") or its class's OnSave value ("hooked",
// "hook"), never both; "kv" is always written for the fields (version 3
// writes [] for a task without any, an older version no entry). Which
// task an entry may name is the host's to check, against the tree.
func fieldsFault(e *Fields, v int) string {
	switch {
	case e.Hooked && e.KV != nil:
		return `"hooked" with "kv": an entry holds its task's fields or its OnSave value, not both`
	case e.Hooked:
		return ""
	case e.Hook != nil:
		return `"hook" without "hooked": true`
	case e.KV == nil:
		return `"kv" is missing: an entry that is not "hooked" holds its task's fields ([] for none)`
	case len(e.KV) == 0 && v < DigestVersion:
		return fmt.Sprintf(`"kv" is []: a save of version %d holds an entry only for a task with fields`, v)
	}
	return ""
}
