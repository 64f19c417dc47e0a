package bt

// Owner returns the scope that holds name: b when b itself has it, else
// the nearest parent that has it, or nil when none does. It is the scope
// Set would write to (b itself when Owner is nil).
func (b *Blackboard) Owner(name string) *Blackboard {
	for s := b; s != nil; s = s.parent {
		if s.has(name) {
			return s
		}
	}
	return nil
}
