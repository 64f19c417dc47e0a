package host

import "github.com/btlua/btlua/host/internal/reload"

// ReloadReport says what a reload changed: the classes merged, globals
// added, methods changed, modules replaced, and the trees rebuilt,
// removed and started (see reload.Report for each field, and String for
// the line the host logs).
type ReloadReport = reload.Report
