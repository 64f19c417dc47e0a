// Package values turns Lua values into savefile values and back, in
// place: the value codec of a save. Saver encodes one scope's values
// (each table once, shared tables and cycles by reference, classes by
// their global name, task and GOAP agent tables by number, functions by
// their place of definition); Loader decodes them against the freshly
// built state, refilling the tables it holds in place under a Journal
// that Undo puts back; BuiltFunctions records the functions a tree's
// build put in task fields, the only ones a save of task fields holds.
// It knows no agent, tree schedule or save driver: which scopes there
// are, and what a task's OnSave or saveSkip says, are package persist's.
package values
