package bt

import (
	"fmt"
	"math"
)

// TreeState is the saved run state of a behavior tree: its clock (Time
// and DeltaTime in seconds, Ticks, the start counter), the root's last
// status and whether it completed, and every task's state in preorder
// (a task, then its children in order).
type TreeState struct {
	Time       float64     `json:"time"`
	DT         float64     `json:"dt"`
	Ticks      uint64      `json:"ticks"`
	Starts     uint64      `json:"starts"`
	Executions int         `json:"execs,omitempty"`
	Status     Status      `json:"status,omitempty"`
	Complete   bool        `json:"complete,omitempty"`
	Tasks      []TaskState `json:"tasks"`
}

// Preorder returns the tasks of the tree under root, a task before its
// children, each task once (a task listed twice is visited at its first
// place).
func Preorder(root Task) []Task {
	out := make([]Task, 0, 16)
	var seen map[Task]bool // past smallTree tasks; below, out is searched
	var walk func(t Task)
	walk = func(t Task) {
		if t == nil {
			return
		}
		if seen != nil {
			if seen[t] {
				return
			}
			seen[t] = true
		} else {
			for _, u := range out {
				if u == t {
					return
				}
			}
			if len(out) == smallTree {
				seen = make(map[Task]bool, 2*smallTree)
				for _, u := range out {
					seen[u] = true
				}
				seen[t] = true
			}
		}
		out = append(out, t)
		if p, ok := t.(ParentTask); ok {
			for _, c := range p.Children() {
				walk(c)
			}
		}
	}
	walk(root)
	return out
}

// smallTree is the size up to which Preorder finds the tasks met by a
// search of its list, cheaper than a map for the trees of most agents.
const smallTree = 32

// SaveTree returns the run state of t. The error names the task whose
// state cannot be saved.
func SaveTree(t *BehaviorTree) (*TreeState, error) { return SaveTasks(t, Preorder(t.root), nil) }

// SaveTasks is SaveTree for a caller that has the tree's tasks in
// preorder (Preorder of its root) and, when paths is not nil, their
// paths (Path of each, in the same order): a caller saving many trees of
// one structure computes the paths once.
func SaveTasks(t *BehaviorTree, tasks []Task, paths []string) (*TreeState, error) {
	s := &TreeState{Time: t.time, DT: t.dt, Ticks: t.ticks, Starts: t.starts,
		Executions: t.executions, Status: t.status, Complete: t.complete}
	s.Tasks = make([]TaskState, 0, len(tasks))
	for i, task := range tasks {
		path := ""
		if paths != nil {
			path = paths[i]
		} else {
			path = Path(task)
		}
		st, err := saveTask(task, path)
		if err != nil {
			return nil, err
		}
		s.Tasks = append(s.Tasks, st)
	}
	return s, nil
}

// MaxCount bounds the saved tick and start counts: 2^53, the largest
// count a Lua number holds exactly.
const MaxCount = 1 << 53

// CheckClock reports whether the clock of s is usable: times in [0,
// MaxTime], counters up to MaxCount, no task ticked or started after the
// tree's last tick or start.
func (s *TreeState) CheckClock() error {
	if !validTime(s.Time) {
		return fmt.Errorf("the tree time is %v, want a finite number of seconds in [0, 2^40]", s.Time)
	}
	if !validTime(s.DT) {
		return fmt.Errorf("the tree's last dt is %v, want a finite number of seconds in [0, 2^40]", s.DT)
	}
	if s.Ticks > MaxCount {
		return fmt.Errorf("the tree's tick count is %d, over 2^53", s.Ticks)
	}
	if s.Starts > MaxCount {
		return fmt.Errorf("the tree's start count is %d, over 2^53", s.Starts)
	}
	for i := range s.Tasks {
		ts := &s.Tasks[i]
		if ts.Ticked > s.Ticks {
			return fmt.Errorf("task %s was ticked at tick %d, after the tree's %d ticks", ts.Path, ts.Ticked, s.Ticks)
		}
		if ts.Seq > s.Starts {
			return fmt.Errorf("task %s was started as start %d, after the tree's %d starts", ts.Path, ts.Seq, s.Starts)
		}
	}
	if !s.Status.Valid() || s.Executions < 0 {
		return fmt.Errorf("the tree status %d or executions %d is out of range", s.Status, s.Executions)
	}
	return nil
}

// LoadClock gives t the clock and root status of s.
func (s *TreeState) LoadClock(t *BehaviorTree) error {
	if err := s.CheckClock(); err != nil {
		return err
	}
	t.time, t.dt, t.ticks, t.starts = s.Time, s.DT, s.Ticks, s.Starts
	t.executions, t.status, t.complete = s.Executions, s.Status, s.Complete
	return nil
}

// validTime reports whether x is a time on the tree clock: finite, >= 0.
func validTime(x float64) bool { return !math.IsNaN(x) && x >= 0 && x <= MaxTime }

// MaxTime bounds a saved tree time and dt, in seconds (2^40, about
// 35,000 years, as a save's host clock): past it a tick's dt no longer
// moves a float64 clock.
const MaxTime = 1 << 40

// MismatchError is returned by LoadTree when saved tasks have no task of
// the same path and kind in the tree loaded into.
type MismatchError struct {
	// Unmatched lists the saved tasks, as "path (kind)".
	Unmatched []string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("%d saved tasks have no task of the same path and class in the tree: %s",
		len(e.Unmatched), joinShort(e.Unmatched, 5))
}

func joinShort(list []string, n int) string {
	out := ""
	for i, s := range list {
		if i == n {
			return out + fmt.Sprintf(", and %d more", len(list)-n)
		}
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}

// Match pairs the saved tasks of s with the tasks of the tree under
// root: by position in preorder when sameShape is set (the trees have
// the same structure signature; the classes' code may differ), else by
// path and kind. It returns, for each saved task, its task (nil when
// unmatched), and a *MismatchError listing the saved tasks without one.
func (s *TreeState) Match(root Task, sameShape bool) ([]Task, error) {
	tasks := Preorder(root)
	out := make([]Task, len(s.Tasks))
	var miss []string
	if sameShape {
		if len(tasks) != len(s.Tasks) {
			return nil, fmt.Errorf("the save has %d tasks, the tree %d, with the same structure signature", len(s.Tasks), len(tasks))
		}
		copy(out, tasks)
		return out, nil
	}
	byPath := make(map[string]Task, len(tasks))
	for _, t := range tasks {
		byPath[Path(t)+"\x00"+Kind(t)] = t
	}
	for i := range s.Tasks {
		st := &s.Tasks[i]
		if t := byPath[st.Path+"\x00"+st.Kind]; t != nil {
			out[i] = t
			continue
		}
		miss = append(miss, st.Path+" ("+st.Kind+")")
	}
	if miss != nil {
		return out, &MismatchError{Unmatched: miss}
	}
	return out, nil
}

// LoadTree gives t, built afresh and not ticked, the state s: the clock,
// then each saved task's state into its match (see Match). The error
// names the task whose state does not fit; on error t is half loaded and
// must be discarded.
func LoadTree(t *BehaviorTree, s *TreeState, sameShape bool) error {
	match, err := s.Match(t.root, sameShape)
	if err != nil {
		return err
	}
	return s.LoadMatched(t, match, sameShape)
}

// LoadMatched is LoadTree with the match Match returned.
func (s *TreeState) LoadMatched(t *BehaviorTree, match []Task, sameShape bool) error {
	return s.LoadMatchedKinds(t, match, sameShape, nil)
}

// LoadMatchedKinds is LoadMatched given kinds, the Kind of each task of
// match when the caller knows them (a restore of many trees of one
// shape), or nil to look them up.
func (s *TreeState) LoadMatchedKinds(t *BehaviorTree, match []Task, sameShape bool, kinds []string) error {
	if len(match) != len(s.Tasks) {
		return fmt.Errorf("%d tasks matched for a save of %d", len(match), len(s.Tasks))
	}
	if err := s.LoadClock(t); err != nil {
		return err
	}
	for _, task := range Preorder(t.root) {
		// A task of a fresh tree learns its tree at its first tick; a
		// loaded one may end (and be heard ending) before that.
		task.Base().tree = t
	}
	for i, task := range match {
		if task == nil {
			continue
		}
		if sameShape {
			k := ""
			if kinds != nil {
				k = kinds[i]
			} else {
				k = Kind(task)
			}
			if k != s.Tasks[i].Kind {
				return fmt.Errorf("%s: the save's task %d is a %s, the tree's a %s", s.Tasks[i].Path, i+1, s.Tasks[i].Kind, k)
			}
		}
		if err := loadTask(task, &s.Tasks[i], !sameShape, s.Time); err != nil {
			return err
		}
	}
	return nil
}
