package inspect

import (
	"encoding/json"
	"net/http"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// ProfileView is the answer of /api/profile: whether the host's profiler
// is on (host.Host.StartProfile; btlua --profile), the time in task ticks
// it measured, and its hottest task paths and classes (at most hotRows
// each), sorted by self time as host.Profile sorts them. A replay, and a
// host never profiled, answer the zero view (on false, no rows).
type ProfileView struct {
	On      bool      `json:"on"`
	TimeMs  float64   `json:"timeMs"`
	Tasks   []HotTask `json:"tasks"`
	Classes []HotTask `json:"classes"`
}

// HotTask is one row of a ProfileView: a task path (as the page spells
// node paths) or a class, its ticks, total and self time in ms, its self
// time as a percentage of the time in task ticks, and the Lua share of its
// self time in percent.
type HotTask struct {
	Name    string  `json:"name"`
	Ticks   uint64  `json:"ticks"`
	TotalMs float64 `json:"totalMs"`
	SelfMs  float64 `json:"selfMs"`
	SelfPct float64 `json:"selfPct"`
	LuaPct  float64 `json:"luaPct"`
}

// hotRows is how many rows of each table /api/profile gives.
const hotRows = 10

// profileView is the view of p, the profiler on or not.
func profileView(p host.Profile, on bool) ProfileView {
	all := p.Time()
	v := ProfileView{On: on, TimeMs: float64(all) / 1e6, Tasks: []HotTask{}, Classes: []HotTask{}}
	hot := func(rows []bt.ProfileRow) []HotTask {
		out := []HotTask{}
		for _, r := range rows[:min(len(rows), hotRows)] {
			h := HotTask{Name: r.Name, Ticks: r.Ticks, TotalMs: float64(r.Total) / 1e6, SelfMs: float64(r.Self) / 1e6}
			if all > 0 {
				h.SelfPct = 100 * float64(r.Self) / float64(all)
			}
			if r.Self > 0 {
				h.LuaPct = 100 * float64(r.Lua) / float64(r.Self)
			}
			out = append(out, h)
		}
		return out
	}
	v.Tasks, v.Classes = hot(p.Tasks), hot(p.Classes)
	return v
}

// profiled is a backend that reads the host's profile: the live
// inspector.
type profiled interface {
	// askProfile asks the ticking goroutine to read the profile at its
	// next Tick call (see backend.await).
	askProfile()
	// profileLocked returns the profile last read; the caller holds the
	// core's lock.
	profileLocked() ProfileView
}

func (in *Inspector) askProfile() {
	in.mu.Lock()
	in.wantProfile = true
	in.mu.Unlock()
}

func (in *Inspector) profileLocked() ProfileView { return in.profile }

// readProfileLocked reads the host's profile when a page asked for it
// (ticking goroutine, between ticks, lock held).
func (in *Inspector) readProfileLocked() {
	if in.wantProfile {
		in.wantProfile = false
		in.profile = profileView(in.h.Profile(), in.h.Profiling())
	}
}

// serveProfile answers /api/profile for b.
func serveProfile(w http.ResponseWriter, r *http.Request, b backend) {
	v := ProfileView{Tasks: []HotTask{}, Classes: []HotTask{}}
	if p, ok := b.(profiled); ok {
		p.askProfile()
		b.await(r.Context())
		c := b.base()
		c.mu.Lock()
		v = p.profileLocked()
		c.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}
