module github.com/btlua/btlua

go 1.26

require (
	github.com/fsnotify/fsnotify v1.10.1
	github.com/yuin/gopher-lua v1.1.2
	layeh.com/gopher-luar v1.0.11
)

require golang.org/x/sys v0.13.0 // indirect
