module github.com/btlua/btlua

go 1.26

require (
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	github.com/yuin/gopher-lua v1.1.2 // indirect
	golang.org/x/sys v0.13.0 // indirect
	layeh.com/gopher-luar v1.0.11 // indirect
)
