// Package loader runs the Lua files of one VM and checks what they give
// back: a script's top level (a plain first run that records the global
// tables it defines, or, when it ran before, a staged run whose classes
// are merged in place), the trees it returns (a BTBehaviorTree, a task,
// or an array of those) or the factory function a spawned script
// returns, a factory's call with an agent's arguments, the files require,
// dofile and a BTBehaviorTreeReference run, and the BTAI lint of a built
// tree; with the error messages of everything refused, naming the file
// and line. It is handed a *vm.VM and the host's record of its files and
// trees through two interfaces (Files, Trees), and knows no host, agent,
// load or shard: the host keeps its loads and agents and decides what a
// checked tree becomes.
package loader
