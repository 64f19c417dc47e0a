package state

import "github.com/btlua/btlua/host/internal/reload"

// ReloadReport is what a reload changed (host.ReloadReport).
type ReloadReport = reload.Report
