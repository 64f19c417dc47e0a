module github.com/btlua/btlua

go 1.26

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/fsnotify/fsnotify v1.10.1
	github.com/yuin/gopher-lua v1.1.2
	layeh.com/gopher-luar v1.0.11
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/sys v0.13.0 // indirect
)
